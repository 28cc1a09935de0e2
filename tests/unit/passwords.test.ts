import { createHash } from "node:crypto";
import { createServer } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkPassword, hashPassword, isBreachedPassword, passwordProblem } from "~/auth/passwords.server";

describe("password policy (ASVS 5.0: length, no composition rules, common passwords refused)", () => {
  it("needs 8 characters, allows 64 and more, and any characters", async () => {
    expect(await passwordProblem("short7!")).toMatch(/at least 8/);
    expect(await passwordProblem("x".repeat(7) + "€")).toBeNull();
    expect(await passwordProblem("y".repeat(64))).toBeNull();
    expect(await passwordProblem("z".repeat(129))).toMatch(/at most 128/);
    expect(await passwordProblem("all lower case words")).toBeNull();
  });
  it("refuses the most common passwords, whatever their case, and the email itself", async () => {
    for (const common of ["password", "12345678", "Qwerty123", "iloveyou", "PASSWORD1"]) expect(await passwordProblem(common), common).toMatch(/most common/);
    expect(await passwordProblem("pat@example.com", "Pat@Example.com")).toMatch(/not your email/);
  });
  it("hashes with argon2id (19 MiB, 2 passes) and checks; an unknown account never matches", async () => {
    const hash = await hashPassword("a quiet harbour");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await checkPassword(hash, "a quiet harbour")).toBe(true);
    expect(await checkPassword(hash, "a quiet harbour ")).toBe(false);
    expect(await checkPassword(null, "a quiet harbour")).toBe(false);
  });
});

describe("breached-password check (k-anonymity range API, fail-open)", () => {
  const breached = "hunter2hunter2";
  const sha1 = createHash("sha1").update(breached).digest("hex").toUpperCase();
  const asked: string[] = [];
  let mode: "ok" | "error" | "slow" = "ok";
  const server = createServer((req, res) => {
    asked.push(req.url ?? "");
    if (mode === "error") return res.writeHead(503).end();
    if (mode === "slow") return void setTimeout(() => res.end(""), 3000);
    res.end(`0000000000000000000000000000000000A:0\r\n${sha1.slice(5)}:42\r\n`);
  });
  let url = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/range`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it("finds a breached password by its hash prefix: only 5 hex characters leave the server", async () => {
    expect(await isBreachedPassword(breached, url)).toBe(true);
    expect(asked.at(-1)).toBe(`/range/${sha1.slice(0, 5)}`);
    expect(await isBreachedPassword("not in the list at all", url)).toBe(false);
  });
  it("is off without a URL, and lets the password through when the service fails or is slow", async () => {
    const before = asked.length;
    expect(await isBreachedPassword(breached, undefined)).toBe(false);
    expect(asked.length).toBe(before);
    mode = "error";
    expect(await isBreachedPassword(breached, url)).toBe(false);
    mode = "slow";
    expect(await isBreachedPassword(breached, url, 200)).toBe(false);
    mode = "ok";
  });
});
