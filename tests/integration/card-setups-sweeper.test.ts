/**
 * The booking's trips to Stripe's page are swept (decision 061): `card_setups` rows last written over a day ago go,
 * in batches, on both engines; a row written within the day (a booking still under way) stays. Two containers
 * sweeping at once delete each row once, and neither fails. Without the sweeper every trip ever made stays a row.
 */
import { randomBytes } from "node:crypto";
import { inArray } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeEachEngine } from "../helpers/db";
import { cardSetups } from "~/db/schema";
import { CARD_SETUP_KEEP_MS, sweepOldCardSetups } from "~/booking/card-setup.server";

const bookingId = () => randomBytes(24).toString("base64url");
const trip = (updatedAt: Date) => ({ bookingId: bookingId(), customerRef: "cus_test", sessionRef: "cs_test", paymentMethodRef: null, updatedAt });

describeEachEngine("the card trips' sweeper", ({ db }) => {
  it("deletes the rows a day past their last write, in batches of 1,000, and keeps the day's", async () => {
    const now = new Date("2026-11-27T12:00:00Z");
    const at = now.getTime();
    const old = Array.from({ length: 1_200 }, (_, i) => trip(new Date(at - CARD_SETUP_KEEP_MS - 1_000 - i * 60_000)));
    // Under way: just now, at the hold's longest life (90 minutes), and a minute short of the day.
    const kept = [trip(now), trip(new Date(at - 90 * 60_000)), trip(new Date(at - CARD_SETUP_KEEP_MS + 60_000))];
    const { db: d } = db();
    await d.insert(cardSetups).values(old.slice(0, 600));
    await d.insert(cardSetups).values(old.slice(600));
    await d.insert(cardSetups).values(kept);

    expect(await sweepOldCardSetups(d, now)).toBe(1_000);
    expect(await sweepOldCardSetups(d, now)).toBe(200);
    expect(await sweepOldCardSetups(d, now)).toBe(0);
    const ids = [...kept, old[0], old[1_199]].map((r) => r.bookingId);
    const left = await d.select({ id: cardSetups.bookingId }).from(cardSetups).where(inArray(cardSetups.bookingId, ids));
    expect(left.map((r) => r.id).sort()).toEqual(kept.map((r) => r.bookingId).sort());
  });

  it("two containers sweeping at once delete each old row once and neither fails", async () => {
    const now = new Date("2026-11-28T12:00:00Z");
    const { db: d } = db();
    await d.delete(cardSetups); // the first test's rows, old by this date too
    const old = Array.from({ length: 300 }, () => trip(new Date(now.getTime() - 2 * CARD_SETUP_KEEP_MS)));
    await d.insert(cardSetups).values(old);
    const [a, b] = await Promise.all([sweepOldCardSetups(d, now), sweepOldCardSetups(d, now)]);
    expect(a + b).toBe(300);
    expect(await sweepOldCardSetups(d, now)).toBe(0);
  });
});
