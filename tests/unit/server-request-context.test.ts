// app/server's request pieces on a bare Express app: the request id (from a trusted proxy only), the JSON
// access log line, and the same id on every console line written while the request runs.
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import { requestContext, requestIdFor } from "~/server/request-context.server";
import { requestLog, useJsonConsole } from "~/server/request-log.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("requestIdFor", () => {
  it("takes a valid id from a trusted proxy only; otherwise a new UUID", () => {
    expect(requestIdFor("proxy-id-12345678", true)).toBe("proxy-id-12345678");
    expect(requestIdFor("proxy-id-12345678", false)).toMatch(UUID);
    for (const bad of ["short", "has space in it", "x".repeat(129), "token=abc;drop", "ünïcode-1234567", ""]) expect(requestIdFor(bad, true), bad).toMatch(UUID);
    expect(requestIdFor(undefined, true)).toMatch(UUID);
    expect(requestIdFor(undefined, true)).not.toBe(requestIdFor(undefined, true));
  });
});

describe("JSON request logs", () => {
  const lines: string[] = [];
  const saved = { out: process.stdout.write, err: process.stderr.write, console: { ...console } };
  let url = "";
  let close = () => {};
  beforeAll(async () => {
    const capture = (chunk: unknown) => {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      return true;
    };
    process.stdout.write = capture as typeof process.stdout.write;
    process.stderr.write = capture as typeof process.stderr.write;
    useJsonConsole();
    const app = express();
    app.use(requestContext({ trustedProxy: true }));
    app.use(requestLog({ json: true, routeOf: (path) => (path.startsWith("/visit/") ? "/visit/:token" : "unmatched") }));
    app.get("/visit/:token", async (_req, res) => {
      console.info("[test] before");
      await new Promise((r) => setTimeout(r, 5));
      console.warn("[test] after an await");
      res.send("ok");
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => {
    process.stdout.write = saved.out;
    process.stderr.write = saved.err;
    Object.assign(console, saved.console);
    close();
  });

  it("one line per request with id, route pattern, status, duration and pid; the same id on the request's other lines", async () => {
    const res = await fetch(`${url}/visit/SeCrEtToKeN0123456789abc?email=a@b.c`, { headers: { "X-Request-Id": "lb-0123456789" } });
    expect(res.headers.get("x-request-id")).toBe("lb-0123456789");
    await res.text();
    const other = await fetch(`${url}/visit/x`);
    const otherId = other.headers.get("x-request-id");
    await other.text();
    await new Promise((r) => setTimeout(r, 50));
    const json = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const ours = json.filter((line) => line.requestId === "lb-0123456789");
    expect(ours.map((line) => line.msg)).toEqual(["[test] before", "[test] after an await", "request"]);
    expect(ours[1].level).toBe("warn");
    expect(ours[2]).toMatchObject({ level: "info", method: "GET", route: "/visit/:token", status: 200, pid: process.pid });
    expect(typeof ours[2].durationMs).toBe("number");
    expect(json.filter((line) => line.requestId === otherId)).toHaveLength(3);
    const text = lines.join("\n");
    expect(text).not.toContain("SeCrEtToKeN");
    expect(text).not.toContain("a@b.c");
    expect(text).not.toContain("email=");
  });
});
