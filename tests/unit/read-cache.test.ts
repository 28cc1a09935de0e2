/**
 * The per-process read cache (app/scheduling/catalogue.server.ts): one load per key and lifetime, whoever waits;
 * keyed on the catalogue revision (decision 023), read once per request.
 */
import { describe, expect, it } from "vitest";
import { cachedRead } from "~/scheduling/catalogue.server";
import { requestContext } from "~/server/request-context.server";

/** A database handle whose only table is catalogue_revision, counting its reads. */
function revisionDb(state = { revision: 0, reads: 0 }) {
  const db = { select: () => ({ from: () => ({ where: async () => (state.reads++, [{ revision: state.revision }]) }) }) };
  return Object.assign(db, { state });
}

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
    const db = revisionDb();
    const runs = { count: 0 };
    const read = () => cachedRead(db, "k", 60_000, () => queryLike(runs, "rows"));
    expect(await Promise.all([read(), read(), read()])).toEqual(["rows", "rows", "rows"]);
    expect(await read()).toBe("rows");
    expect(runs.count).toBe(1);
  });

  it("reads again when asked fresh, and never keeps a failure", async () => {
    const db = revisionDb();
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

  it("keys every entry on the catalogue revision: a bump on any process makes the next read load again", async () => {
    const db = revisionDb();
    const runs = { count: 0 };
    const read = () => cachedRead(db, "k", 60_000, () => queryLike(runs, "rows"));
    await read();
    await read();
    expect(runs.count).toBe(1);
    db.state.revision = 1; // another process committed a change
    await read();
    expect(runs.count).toBe(2);
    await read();
    expect(runs.count).toBe(2);
  });

  it("reads the revision once per request, however many cached reads the request makes", async () => {
    const db = revisionDb();
    const runs = { count: 0 };
    const middleware = requestContext({ trustedProxy: false });
    const inRequest = (work: () => Promise<unknown>) =>
      new Promise((resolve, reject) => {
        const res = { locals: {}, set() {} };
        middleware({ get: () => undefined } as never, res as never, (() => work().then(resolve, reject)) as never);
      });
    await inRequest(async () => {
      for (const key of ["a", "b", "c", "a"]) await cachedRead(db, key, 60_000, () => queryLike(runs, key));
    });
    expect(db.state.reads).toBe(1);
    expect(runs.count).toBe(3);
    await inRequest(() => cachedRead(db, "a", 60_000, () => queryLike(runs, "a")));
    expect(db.state.reads).toBe(2);
  });
});
