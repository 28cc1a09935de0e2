/**
 * Claiming an offered time (decision 022): the first claimer of an opening gets it; a later one is told it is gone
 * and stays on the list. The opening's row lock decides who is first, across processes.
 */
import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { DEFAULT_LOCALE } from "~/i18n/translate";
import { tFor } from "~/i18n/catalogues.server";
import { serviceName, studioName } from "~/scheduling/service-names";
import { waitlistEntries, waitlistOffers, waitlistOpenings } from "~/db/schema";
import { formatLongDateTime } from "~/rules/zoned-time";
import { getBookableStudio, getService } from "~/scheduling/catalogue.server";
import { placeHold } from "~/scheduling/holds.server";
import { queueWaitlistSignal, stillFree } from "./sender.server";
import { hashLinkToken, isLinkTokenShape } from "./tokens.server";

export type OfferView = {
  state: "open" | "mine" | "taken" | "left";
  when: string;
  studioName: string;
  serviceName: string;
};

async function find(db: Db, token: string | undefined, lock = false) {
  if (!isLinkTokenShape(token)) return null;
  const query = db
    .select({ offer: waitlistOffers, opening: waitlistOpenings, entry: waitlistEntries })
    .from(waitlistOffers)
    .innerJoin(waitlistOpenings, eq(waitlistOpenings.id, waitlistOffers.openingId))
    .innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistOffers.entryId))
    .where(eq(waitlistOffers.tokenHash, hashLinkToken(token)));
  const [row] = lock ? await query.for("update", { of: waitlistOpenings }) : await query;
  return row ?? null;
}

type Found = NonNullable<Awaited<ReturnType<typeof find>>>;

function stateOf({ offer, opening, entry }: Found): OfferView["state"] {
  if (offer.claimedAt) return "mine";
  if (opening.closedAt) return "taken";
  if (entry.leftAt) return "left";
  return "open";
}

/** What an offer link shows; null for an unknown token (a 404). */
export async function offerView(db: Db, token: string | undefined, now = new Date(), locale = DEFAULT_LOCALE): Promise<OfferView | null> {
  const row = await find(db, token);
  if (!row) return null;
  const studio = await getBookableStudio(db, row.opening.studioSlug);
  const service = await getService(db, row.opening.serviceCode);
  if (!studio || !service) return { state: "taken", when: "", studioName: "", serviceName: "" };
  let state = stateOf(row);
  // Booked by someone browsing the times page meanwhile: say so now, before the patient presses anything.
  if (state === "open" && !(await stillFree(db, studio, service, row.opening.startsAt, now))) state = "taken";
  return { state, when: formatLongDateTime(row.opening.startsAt, studio.tz, locale), studioName: studioName(tFor(locale), locale, studio), serviceName: serviceName(tFor(locale), locale, service) };
}

export type Claimed = {
  studioSlug: string;
  serviceCode: string;
  startsAt: Date;
  endsAt: Date;
  email: string;
  personId: number | null;
  /** The hold placed for the claimer's booking (null: claimed before, by this same offer; the booking checks again). */
  hold: { bookingId: string; expiresAt: Date } | null;
};
export type ClaimOutcome = { ok: true; claimed: Claimed } | { ok: false; code: "taken" | "left" } | null;

/**
 * Claims the offered time for this offer's patient, in one transaction: under the opening's row lock, the first claim
 * holds the time for the claimer's booking (`bookingId`, holds.server.ts: SLOT_HOLD_MINUTES, the same guarantees as
 * choosing it on the times page), closes the opening and wins; a later claim finds the opening closed. A claim of an
 * opening this same offer already won answers ok again (a second press, another tab). If the claimer does not book,
 * the time is looked at again once the hold has lapsed.
 */
export async function claimOffer(db: Db, token: string | undefined, { now = new Date(), bookingId }: { now?: Date; bookingId: string }): Promise<ClaimOutcome> {
  if (!isLinkTokenShape(token)) return null;
  return db.transaction(async (tx) => {
    const row = await find(tx as Db, token, true);
    if (!row) return null;
    const { offer, opening, entry } = row;
    const claimed: Claimed = { studioSlug: opening.studioSlug, serviceCode: opening.serviceCode, startsAt: opening.startsAt, endsAt: opening.endsAt, email: entry.email, personId: entry.personId, hold: null };
    const state = stateOf(row);
    if (state === "mine") return { ok: true, claimed };
    if (state !== "open") return { ok: false, code: state };
    // Held in a savepoint of this transaction: taken (booked, or held by someone choosing it on the times page) → no.
    const held = await placeHold(tx as Db, { bookingId, studioSlug: opening.studioSlug, serviceCode: opening.serviceCode, startsAt: opening.startsAt, now, via: "waitlist" });
    if (!held.ok) {
      if (held.code === "generic_error") throw new Error("waitlist claim: the hold failed");
      await tx.update(waitlistOpenings).set({ closedAt: now, closedReason: "taken", nextBatchAt: null }).where(eq(waitlistOpenings.id, opening.id));
      return { ok: false, code: "taken" };
    }
    await tx.update(waitlistOpenings).set({ closedAt: now, closedReason: "claimed", nextBatchAt: null }).where(eq(waitlistOpenings.id, opening.id));
    await tx.update(waitlistOffers).set({ claimedAt: now }).where(eq(waitlistOffers.id, offer.id));
    // Not booked by the time the hold lapses: the time is offered again (to the next patients in line).
    await queueWaitlistSignal(tx, { studioSlug: opening.studioSlug, from: opening.startsAt, to: opening.endsAt, reason: "claim_lapsed", dueAt: new Date(held.hold.expiresAt.getTime() + 60_000) });
    return { ok: true, claimed: { ...claimed, hold: { bookingId, expiresAt: held.hold.expiresAt } } };
  });
}
