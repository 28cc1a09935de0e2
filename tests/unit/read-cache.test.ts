/** The per-process read cache (app/scheduling/catalogue.server.ts): one load per key and lifetime, whoever waits. */
import { describe, expect, it } from "vitest";
import { cachedRead } from "~/scheduling/catalogue.server";

/** Like a Drizzle query: nothing runs until `then`, and every `then` runs it again. */
function queryLike(runs: { count: number }, result: string) {
  return {
    then<T>(onFulfilled: (value: string) => T, onRejected?: (error: unknown) => T) {
      runs.count++;
      return Promise.resolve(result).then(onFulfilled, onRejected);
    },
  } as unknown as Promise<string>;
}

describe("cachedRead", () => {
  it("runs a query-like read once for all its waiters within the lifetime", async () => {
    const db = {};
    const runs = { count: 0 };
    const read = () => cachedRead(db, "k", 60_000, () => queryLike(runs, "rows"));
    expect(await Promise.all([read(), read(), read()])).toEqual(["rows", "rows", "rows"]);
    expect(await read()).toBe("rows");
    expect(runs.count).toBe(1);
  });

  it("reads again when asked fresh, and never keeps a failure", async () => {
    const db = {};
    let calls = 0;
    const failing = () => cachedRead(db, "f", 60_000, async () => {
      calls++;
      throw new Error("down");
    });
    await expect(failing()).rejects.toThrow("down");
    await expect(failing()).rejects.toThrow("down");
    expect(calls).toBe(2);
    const runs = { count: 0 };
    await cachedRead(db, "g", 60_000, () => queryLike(runs, "a"));
    await cachedRead(db, "g", 60_000, () => queryLike(runs, "a"), true);
    expect(runs.count).toBe(2);
  });
});
