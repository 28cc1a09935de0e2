// Accounts through the real server: a forged X-Forwarded-For does not escape the limits (only the configured
// proxy hops are believed; none by default), tampered or `alg: none` idTokens are logged out, garbage to every account form answers 400, and
// on PostgreSQL two processes count wrong passwords together.
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/platform/env.server";
import { createTestDatabase, templateDataDir } from "../helpers/db";
import { startServer, stop, type ServerChild } from "../helpers/process";
import { client, signUp } from "../helpers/browser";

const SECRET = "auth-server-test-secret-0123456789abcdefghij";

async function wrongPassword(base: string, email: string, headers: Record<string, string> = {}) {
  const c = client(base, headers);
  await c.request("/login", { email, ...(await c.honeypot("/login")) });
  return c.request("/login/password", { password: "definitely wrong" });
}

describe("accounts through the server [pglite]", () => {
  const dataDir = templateDataDir("dental-auth-");
  let server: ServerChild;
  beforeAll(async () => {
    server = await startServer({ DATA_DIR: dataDir, SESSION_SECRET: SECRET, TRUST_PROXY_HOPS: "1", NODE_ENV: "production", DEV_ROUTES: "true", SITE_ORIGIN: "https://dental.example.com" });
  });
  afterAll(async () => {
    if (server) await stop(server).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("by default no proxy is trusted", () => {
    expect(parseEnv({}).TRUST_PROXY_HOPS).toBe(0);
  });

  it("a forged X-Forwarded-For does not get fresh tries: the sixth wrong password waits (429), never a 5xx; another client does not", async () => {
    // One trusted hop (TRUST_PROXY_HOPS=1): the proxy appends the real address; what the client wrote before it is ignored.
    const email = `xff-${Date.now()}@example.com`;
    await signUp(server.url, email);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await wrongPassword(server.url, email, { "X-Forwarded-For": `198.51.100.${i + 1}, 203.0.113.50` })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const waited = await wrongPassword(server.url, email, { "X-Forwarded-For": "198.51.100.99, 203.0.113.50" });
    expect(waited.status).toBe(429);
    expect(waited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(waited.text).toContain("Too many attempts. Please wait");
    // the patient, from their own address, is not locked out by that stranger
    expect((await wrongPassword(server.url, email, { "X-Forwarded-For": "203.0.113.51" })).status).toBe(400);
  });

  it("tampered, unsigned and expired idTokens are logged out", async () => {
    const email = `token-${Date.now()}@example.com`;
    const c = await signUp(server.url, email);
    const token = c.jar.get("idToken")!;
    const signedIn = await fetch(`${server.url}/signup/complete`, { headers: { Cookie: `idToken=${token}` }, redirect: "manual" });
    expect(signedIn.status).toBe(200);
    const [, payload] = token.split(".");
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString("base64url")}.${payload}.`;
    const tampered = token.slice(0, -2) + (token.endsWith("AA") ? "BB" : "AA");
    const content = JSON.parse(Buffer.from(payload, "base64url").toString());
    const expired = `${token.split(".")[0]}.${Buffer.from(JSON.stringify({ ...content, exp: 1 })).toString("base64url")}.${token.split(".")[2]}`;
    for (const bad of [none, tampered, expired, "garbage", "a.b.c"]) {
      const res = await fetch(`${server.url}/signup/complete`, { headers: { Cookie: `idToken=${bad}` }, redirect: "manual" });
      expect(res.status, bad).toBe(302);
      expect(res.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
    }
  });

  it("garbage to every account form answers 400 with a message, never a 5xx", async () => {
    const c = client(server.url);
    const forms = ["/signup", "/login", "/forgot-password", "/email-verification", "/signup/create", "/login/password", "/set-password", "/confirm-email-change"];
    for (const form of forms) {
      for (const body of [{}, { email: "x".repeat(5000), code: "<script>", password: "", token: "../../etc", name: "\u0000" }]) {
        const res = await c.request(form, body as Record<string, string>);
        expect(res.status, `${form} ${JSON.stringify(body).slice(0, 40)}`).toBeLessThan(500);
        // pages that need an earlier step send the patient there; the others answer the form with a message
        if (res.status === 404) {
          // the pages of an emailed link: without a live link in the address, the page says the link is gone
          expect(["/set-password", "/confirm-email-change"], form).toContain(form);
          expect(res.text, form).toMatch(/no longer works/);
        } else if (res.status !== 302) {
          expect(res.status, form).toBe(400);
          expect(res.text, form).toMatch(/There is a problem|no longer works/);
        }
      }
    }
    const logout = await c.request("/logout", {});
    expect(logout.status).toBe(302);
  });

  it("the profile's waitlist Leave form through the server, JavaScript off: a tampered entry is a 400 page with its message, not a redirect", async () => {
    const c = await signUp(server.url, `leave-${Date.now()}@example.com`);
    for (const entry of ["abc", "-1", "99999999", ""]) {
      const res = await c.request("/profile/waitlist", { entry });
      expect(res.status, entry).toBe(400);
      expect(res.text, entry).toContain("That waitlist entry isn’t one of yours any more.");
    }
    // Opened by itself, the page leads back to the profile.
    const page = await c.request("/profile/waitlist");
    expect(page.status).toBe(200);
    expect(page.text).toContain('href="/profile#waitlist"');
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("wrong passwords counted across two processes [postgres]", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const servers: ServerChild[] = [];
  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    const env = { DATABASE_URL: database.url!, SESSION_SECRET: SECRET, NODE_ENV: "production", DEV_ROUTES: "true", SITE_ORIGIN: "https://dental.example.com" };
    servers.push(...(await Promise.all([startServer(env), startServer(env)])));
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => stop(s).catch(() => undefined)));
    await database?.close();
  });

  it("five wrong passwords spread over two processes, then both answer 429", async () => {
    const email = `two-${Date.now()}@example.com`;
    await signUp(servers[0].url, email);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await wrongPassword(servers[i % 2].url, email)).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    expect((await wrongPassword(servers[0].url, email)).status).toBe(429);
    expect((await wrongPassword(servers[1].url, email)).status).toBe(429);
  });
});
