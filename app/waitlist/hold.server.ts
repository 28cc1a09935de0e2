/**
 * The claimed time, held for the claimer (issue 19 A's hold). Until the hold branch is merged: no hold, the booking's
 * own checks decide (the claim still closed the opening, so no other waitlisted patient is sent there).
 */
import type { BookingState } from "~/booking/state";
import type { Claimed } from "./claim.server";

export const holdMinutes = () => 10;

export async function placeClaimHold(_request: Request, state: BookingState, _claimed: Claimed): Promise<BookingState> {
  return state;
}
