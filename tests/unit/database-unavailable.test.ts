// Which errors mean "the database is away" (503, decision 028) and which are a query's own fault (500 as before).
import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { databaseUnavailableReason } from "~/db/unavailable";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
const failedQuery = (cause: Error) => new DrizzleQueryError("select * from patients where email = $1", ["someone@example.com"], cause);

describe("databaseUnavailableReason", () => {
  it.each([
    ["a refused connection, wrapped by Drizzle", failedQuery(withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")), "ECONNREFUSED"],
    ["every address refused (Node's AggregateError)", new AggregateError([withCode("connect ECONNREFUSED ::1:5432", "ECONNREFUSED")], ""), "ECONNREFUSED"],
    ["a connection cut mid-query", failedQuery(new Error("Connection terminated unexpectedly")), "connection terminated"],
    ["the pool could not connect in time", new Error("timeout exceeded when trying to connect"), "pool connect timeout"],
    ["the server shutting down (57P01)", failedQuery(withCode("terminating connection due to administrator command", "57P01")), "57P01"],
    ["the server starting (57P03)", withCode("the database system is starting up", "57P03"), "57P03"],
    ["a connection exception (class 08)", withCode("connection failure", "08006"), "08006"],
    ["PGlite closed", new Error("PGlite is closed"), "PGlite closed"],
  ])("%s: away", (_, error, reason) => {
    expect(databaseUnavailableReason(error)).toBe(reason);
  });

  it.each([
    ["a unique violation", failedQuery(withCode('duplicate key value violates unique constraint "x"', "23505"))],
    ["a syntax error", failedQuery(withCode("syntax error at or near", "42601"))],
    ["a plain bug", new TypeError("Cannot read properties of undefined")],
    ["a thrown Response", new Response(null, { status: 404 })],
    ["nothing", undefined],
  ])("%s: not away", (_, error) => {
    expect(databaseUnavailableReason(error)).toBeNull();
  });

  it("the reason never carries the query or its parameters", () => {
    const reason = databaseUnavailableReason(failedQuery(new Error("Connection terminated unexpectedly")));
    expect(reason).not.toContain("someone@example.com");
    expect(reason).not.toContain("select");
  });
});
