/**
 * The Sentry tunnel (spec §7, issue 11 D) in the real server process, with a local HTTP server standing in for
 * Sentry's ingest: envelopes for the configured DSN arrive there byte for byte (text or binary), with Sentry's
 * answer and rate-limit headers passed back; envelopes for any other DSN, non-envelopes, oversized bodies and
 * cross-site posts are refused and never forwarded; nothing of an envelope reaches the log. No DSN, no tunnel.
 */
import { randomBytes } from "node:crypto";
import { existsSync, rmSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, startServer, stop, type ServerChild } from "../helpers/process";
import { templateDataDir } from "../helpers/db";

type Received = { path: string; headers: IncomingHttpHeaders; body: Buffer };
const received: Received[] = [];
let answer = { status: 200, headers: { "Content-Type": "application/json", "X-Sentry-Rate-Limits": "60:error:organization" } as Record<string, string>, body: '{"id":"ok"}' };
let ingest: Server;
let ingestOrigin: string;
let app: ServerChild;
const dirs: string[] = [];
const children: ServerChild[] = [];

const MARKER = "patient-typed-this-7Q4";
/** The server's own Sentry SDK reports to the same ingest: only what the tunnel forwarded counts. */
const forwarded = (body: Buffer) => received.find((r) => r.body.equals(body));

async function boot(env: Record<string, string>) {
  const dataDir = templateDataDir("dental-tunnel-");
  dirs.push(dataDir);
  const child = await startServer({ DATA_DIR: dataDir, NODE_ENV: "production", SITE_ORIGIN: "https://dental.example.com", ...env });
  children.push(child);
  return child;
}

beforeAll(async () => {
  if (!existsSync(path.join(ROOT, "build/index.js"))) throw new Error("No build: run `npx remix build` first");
  ingest = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answer.status, answer.headers).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => ingest.listen(0, "127.0.0.1", resolve));
  ingestOrigin = `http://127.0.0.1:${(ingest.address() as AddressInfo).port}`;
  app = await boot({ SENTRY_DSN: `http://publickey123@${ingestOrigin.slice(7)}/42` });
}, 120_000);

afterAll(async () => {
  for (const child of children) await stop(child, "SIGKILL").catch(() => {});
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  await new Promise<void>((resolve) => ingest.close(() => resolve()));
});

const dsnFor = (key = "publickey123", host = ingestOrigin.slice(7), project = "42") => `http://${key}@${host}/${project}`;
function envelope(dsn: string, payload: Buffer | string = JSON.stringify({ message: MARKER })): Buffer {
  const items = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
  return Buffer.concat([Buffer.from(JSON.stringify({ dsn, sent_at: new Date().toISOString() }) + "\n" + JSON.stringify({ type: "event", length: items.length }) + "\n"), items]);
}

/** A post as the browser SDK makes it: same-origin fetch, text/plain (or no type for binary). */
function post(server: ServerChild, body: Buffer | string, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/monitoring`, {
    method: "POST",
    body: typeof body === "string" ? body : new Uint8Array(body),
    headers: { Origin: server.url, "Sec-Fetch-Site": "same-origin", "Content-Type": "text/plain;charset=UTF-8", ...headers },
  });
}

describe("the Sentry tunnel with SENTRY_DSN set", () => {
  it("passes an envelope for our DSN on to its ingest URL byte for byte, and Sentry's answer and rate limits back", async () => {
    const body = envelope(dsnFor());
    const res = await post(app, body);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('{"id":"ok"}');
    expect(res.headers.get("x-sentry-rate-limits")).toBe("60:error:organization");
    const got = forwarded(body)!;
    expect(got).toBeDefined();
    expect(got.path).toBe("/api/42/envelope/");
    expect(got.headers["content-type"]).toBe("application/x-sentry-envelope");
    // Nothing of the browser's request but the envelope: no cookies, no client address.
    expect(got.headers.cookie).toBeUndefined();
    expect(got.headers["x-forwarded-for"]).toBeUndefined();
  });

  it("a binary replay segment of 600 KB (full of '&', no content type) is not taken for a form: forwarded whole", async () => {
    const binary = randomBytes(600 * 1024);
    binary.fill(0x26, 0, 4000); // thousands of '&': a form field counter would refuse this
    const body = envelope(dsnFor(), binary);
    const res = await fetch(`${app.url}/monitoring`, { method: "POST", body: new Uint8Array(body), headers: { Origin: app.url, "Sec-Fetch-Site": "same-origin" } });
    expect(res.status).toBe(200);
    expect(forwarded(body)).toBeDefined();
  });

  it("Sentry's own refusals (429 with Retry-After) reach the SDK as they are", async () => {
    answer = { status: 429, headers: { "Retry-After": "30", "Content-Type": "application/json" }, body: "{}" };
    const res = await post(app, envelope(dsnFor()));
    answer = { status: 200, headers: { "Content-Type": "application/json" }, body: '{"id":"ok"}' };
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("30");
  });

  it("refuses, without forwarding, envelopes for another host, project or key, and bodies that are not envelopes (400)", async () => {
    const others = [
      envelope(dsnFor("publickey123", "o1.ingest.sentry.io")),
      envelope(dsnFor("publickey123", ingestOrigin.slice(7), "43")),
      envelope(dsnFor("someoneelse")),
      envelope(`https://publickey123@${ingestOrigin.slice(7)}/42`),
      envelope("not a dsn"),
      Buffer.from("hello"),
      Buffer.from(""),
      Buffer.from('{"dsn": 42}\n{}'),
      Buffer.concat([Buffer.from('{"dsn":"'), randomBytes(10_000), Buffer.from('"}\n')]),
    ];
    for (const [i, body] of others.entries()) {
      expect((await post(app, body)).status, `body ${i}`).toBe(400);
      expect(forwarded(body), `body ${i}`).toBeUndefined();
    }
  });

  it("a body over 1 MB is refused (413) before it is read whole; nothing is forwarded", async () => {
    const body = envelope(dsnFor(), randomBytes(1024 * 1024 + 10));
    expect((await post(app, body)).status).toBe(413);
    expect(forwarded(body)).toBeUndefined();
  });

  it("a cross-site post is refused by the CSRF rule (403); a GET is a 404", async () => {
    const body = envelope(dsnFor());
    expect((await post(app, body, { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect(forwarded(body)).toBeUndefined();
    expect((await fetch(`${app.url}/monitoring`)).status).toBe(404);
  });

  it("the browser needs no Sentry origin in the CSP (it posts to the tunnel, 'self'); nothing of an envelope is logged", async () => {
    const csp = (await fetch(`${app.url}/about`)).headers.get("content-security-policy")!;
    expect(csp).toMatch(/connect-src 'self'(;|$)/);
    expect(csp).not.toContain(ingestOrigin);
    const log = app.stdout() + app.stderr();
    expect(log).toContain("POST /monitoring 200");
    expect(log).not.toContain(MARKER);
    expect(log).not.toContain("publickey123");
  });
});

describe("when Sentry cannot be reached", () => {
  it("the tunnel answers 502 (the SDK drops the report), the site goes on, and the log names no envelope", async () => {
    // A port that was just free: nothing listens there.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const host = `127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const server = await boot({ SENTRY_DSN: `http://publickey123@${host}/42` });
    const res = await post(server, envelope(dsnFor("publickey123", host)));
    expect(res.status).toBe(502);
    expect(await res.text()).toBe("Error reporting is unavailable.");
    expect((await fetch(`${server.url}/about`)).status).toBe(200);
    const log = server.stdout() + server.stderr();
    expect(log).toContain("POST /monitoring 502");
    expect(log).not.toContain(MARKER);
    expect(log).not.toContain("publickey123");
  }, 120_000);
});

describe("without SENTRY_DSN", () => {
  it("there is no tunnel: a post to it is a 404 and goes nowhere", async () => {
    const server = await boot({});
    const body = envelope(dsnFor());
    expect((await post(server, body)).status).toBe(404);
    expect(forwarded(body)).toBeUndefined();
  }, 120_000);
});
