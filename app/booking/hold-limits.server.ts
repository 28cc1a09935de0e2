/**
 * How many times one may hold (decision 055, replacing 021's 30 an hour per address): holding a time is free, so a
 * script could hold a studio's day; but patients on mobile networks share a carrier's address by the thousand. So a
 * hold is counted three ways, each in the rate limiter every container shares (auth/rate-limit.server.ts):
 * - per booking (its booking id): SLOT_HOLDS_PER_BOOKING an hour — one patient changing their mind;
 * - per device (the `device` cookie, given by the times step; a post without one counts against one shared
 *   "no device" bucket of its address): SLOT_HOLDS_PER_DEVICE_HOUR;
 * - per client address and studio-day: SLOT_HOLDS_PER_ADDRESS_DAY an hour — what keeps a script (fresh cookies
 *   each time) from holding one studio's day, while a crowd behind the address spreads over studios and days;
 * - per client address (an IPv6 /64): SLOT_HOLDS_PER_ADDRESS_HOUR, a ceiling high enough for a carrier's crowd.
 * In that order, each counted only when the ones before it passed: a device refused past its own limit spends
 * nothing of its address's ceiling, so one script behind a carrier's address does not lock the crowd out.
 */
import { randomBytes } from "node:crypto";
import { consume, RateLimited } from "~/auth/rate-limit.server";
import { cookies, readDevice } from "~/platform/cookies.server";
import { addressBlock } from "~/rules/client-address";

export type HoldLimit = "booking" | "device" | "day" | "address";

/** A hold refused by one of the limits, and for how long. */
export class HoldsRefused extends Error {
  constructor(
    readonly limit: HoldLimit,
    readonly retryAfterSeconds: number,
  ) {
    super(`holds refused (${limit})`);
  }
}

/** This browser's device id, and the Set-Cookie that gives it one when it has none (or a malformed one). */
export function holdDevice(request: Request): { id: string | null; setCookie: string | null; next: string } {
  const id = readDevice(request);
  const next = id ?? randomBytes(16).toString("base64url");
  return { id, next, setCookie: id ? null : cookies.device(next) };
}

/** Counts one hold; throws HoldsRefused naming the first limit it is past. */
export async function countHold({ bookingId, device, address, studioDay }: { bookingId: string; device: string | null; address: string; studioDay: string }): Promise<void> {
  const block = addressBlock(address);
  const counts: [HoldLimit, Parameters<typeof consume>[0], string][] = [
    ["booking", "holdBooking", bookingId],
    ["device", "holdDevice", device ?? `no-device:${block}`],
    ["day", "holdAddressDay", `${block}|${studioDay}`],
    ["address", "holdAddress", block],
  ];
  for (const [limit, name, key] of counts) {
    try {
      await consume(name, key);
    } catch (error) {
      if (error instanceof RateLimited) throw new HoldsRefused(limit, error.retryAfterSeconds);
      throw error;
    }
  }
}

/** What the times page says past each hold limit (429, decision 055), given the minutes to wait as `count`. */
export const HOLD_LIMIT_MESSAGES = {
  booking: "booking.times.tooManyBooking",
  device: "booking.times.tooManyDevice",
  day: "booking.times.tooManyDay",
  address: "booking.times.tooManyNetwork",
} as const;
