/**
 * The shared rate limits' table is swept (decision 055's consequence, kept here): rows of `auth_rate_limits` whose
 * window ended over an hour ago go, in batches, on both engines; a live count, a just-ended one and a row without an
 * end stay. Without the sweeper every device and address ever counted stays a row on PostgreSQL for good.
 */
import { inArray } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeEachEngine } from "../helpers/db";
import { authRateLimits } from "~/db/schema";
import { sweepExpiredRateLimits } from "~/auth/rate-limit.server";

const HOUR = 60 * 60_000;

describeEachEngine("the rate limits' sweeper", ({ db }) => {
  it("deletes the rows an hour past their end, in batches of 1,000, and keeps every other", async () => {
    const now = new Date("2026-11-27T12:00:00Z");
    const at = now.getTime();
    const stale = Array.from({ length: 1_200 }, (_, i) => ({ key: `stale-${i}`, points: 3, expire: at - HOUR - 1 - i }));
    const kept = [
      { key: "live", points: 2, expire: at + 10 * 60_000 },
      { key: "just-ended", points: 5, expire: at - 30 * 60_000 },
      { key: "no-end", points: 1, expire: null },
    ];
    const { db: d } = db();
    await d.insert(authRateLimits).values(stale.slice(0, 600));
    await d.insert(authRateLimits).values(stale.slice(600));
    await d.insert(authRateLimits).values(kept);

    expect(await sweepExpiredRateLimits(d, now)).toBe(1_000);
    expect(await sweepExpiredRateLimits(d, now)).toBe(200);
    expect(await sweepExpiredRateLimits(d, now)).toBe(0);
    const left = await d.select({ key: authRateLimits.key }).from(authRateLimits).where(inArray(authRateLimits.key, [...kept.map((k) => k.key), "stale-0", "stale-1199"]));
    expect(left.map((r) => r.key).sort()).toEqual(["just-ended", "live", "no-end"]);
  });
});
