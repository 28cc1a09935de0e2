// Accounts (issue 9) on PGlite and PostgreSQL: codes (expiry, single use, tries), sessions (logout, expiry,
// tampered tokens), the enumeration-free answers of the public forms, rate limits, visits claimed, email change.
import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { beforeAll, expect, it } from "vitest";
import { confirmEmailChange, createAccount, logIn, requestEmailChange, setPasswordFromLink, startReset } from "~/auth/accounts.server";
import { consumeCode, consumeLink, issueCode, CODE_MAX_TRIES, CODE_TTL_MS } from "~/auth/codes.server";
import { honeypotProps } from "~/flow/forms.server";
import { RateLimited, resetRateLimiters } from "~/auth/rate-limit.server";
import { endSession, getPatient, SESSION_LIFETIME } from "~/auth/sessions.server";
import { authCodes, authSessions, emailOutbox, patients, persons } from "~/db/schema";
import { getEnv } from "~/platform/env.server";
import { action as signupAction } from "~/routes/_auth+/signup";
import { action as forgotAction } from "~/routes/_auth+/forgot-password";
import { action as loginAction } from "~/routes/_auth+/login";
import { describeEachEngine } from "../helpers/db";

const ORIGIN = "http://localhost:3000";
let n = 0;
const unique = (what: string) => `${what}-${Date.now()}-${n++}@example.com`;
const PASSWORD = "correct horse battery staple";

/** A request carrying the cookies of earlier Set-Cookie headers. */
function requestWith(cookies: string[], path = "/", init: RequestInit = {}) {
  const cookie = cookies.map((c) => c.split(";")[0]).join("; ");
  return new Request(`${ORIGIN}${path}`, { ...init, headers: { Cookie: cookie, ...(init.headers ?? {}) } });
}

function post(path: string, fields: Record<string, string>, cookies: string[] = []) {
  return requestWith(cookies, path, { method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded" } });
}

/** Runs a route action; a thrown Response (a redirect) is returned like a returned one. */
async function run(action: (args: never) => Promise<unknown>, request: Request, clientIp = "203.0.113.9"): Promise<Response> {
  try {
    return (await action({ request, context: { clientIp }, params: {} } as never)) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const honeypot = () => {
  const props = honeypotProps();
  return { [props.nameFieldName]: "", [props.validFromFieldName!]: props.encryptedValidFrom };
};

describeEachEngine("accounts", ({ db }) => {
  beforeAll(() => resetRateLimiters());

  async function account(email = unique("patient")) {
    const cookie = await createAccount(new Request(ORIGIN), { email, name: "Pat", password: PASSWORD });
    return { email, cookie };
  }

  it("a code works once, for 10 minutes, for 5 tries; a new code replaces the old one; resend waits a minute", async () => {
    const email = unique("code");
    const t0 = new Date(Date.now() - 5 * 60_000);
    const first = (await issueCode(db().db, { purpose: "signup", email, now: t0 }))!;
    expect(first.code).toMatch(/^\d{6}$/);
    // within the cooldown no new code is issued (nothing is sent)
    expect(await issueCode(db().db, { purpose: "signup", email, now: new Date(t0.getTime() + 30_000) })).toBeNull();
    const second = (await issueCode(db().db, { purpose: "signup", email }))!;
    if (first.code !== second.code) expect((await consumeCode(db().db, { purpose: "signup", email, code: first.code })).ok).toBe(false);
    // stored hashed: neither the code nor the link token is in the row
    const [row] = await db().db.select().from(authCodes).where(eq(authCodes.email, email));
    expect(JSON.stringify(row)).not.toContain(second.linkToken);
    expect(row.codeHash).not.toContain(second.code);
    // expired: refused even with the right code
    const late = new Date(Date.now() + CODE_TTL_MS + 1000);
    expect(await consumeCode(db().db, { purpose: "signup", email, code: second.code, now: late })).toEqual({ ok: false, reason: "expired" });
    // right code: accepted once
    expect(await consumeCode(db().db, { purpose: "signup", email, code: second.code })).toMatchObject({ ok: true, email });
    expect((await consumeCode(db().db, { purpose: "signup", email, code: second.code })).ok).toBe(false);

    const other = unique("tries");
    const issued = (await issueCode(db().db, { purpose: "signup", email: other }))!;
    const wrong = issued.code === "000000" ? "111111" : "000000";
    for (let i = 0; i < CODE_MAX_TRIES; i++) expect((await consumeCode(db().db, { purpose: "signup", email: other, code: wrong })).ok).toBe(false);
    expect(await consumeCode(db().db, { purpose: "signup", email: other, code: issued.code })).toEqual({ ok: false, reason: "too-many-tries" });
    // the link of that code is spent too (tries count for the whole code)
    expect((await consumeLink(db().db, { purpose: "signup", token: issued.linkToken })).ok).toBe(false);
  });

  it("a link works once, only for its purpose", async () => {
    const email = unique("link");
    const issued = (await issueCode(db().db, { purpose: "signup", email }))!;
    expect((await consumeLink(db().db, { purpose: "reset", token: issued.linkToken })).ok).toBe(false);
    expect(await consumeLink(db().db, { purpose: "signup", token: issued.linkToken })).toMatchObject({ ok: true, email });
    expect((await consumeLink(db().db, { purpose: "signup", token: issued.linkToken })).ok).toBe(false);
  });

  it("a session: logged in until logout; tampered, unsigned, expired or idle tokens are logged out", async () => {
    const { email, cookie } = await account();
    const request = requestWith([cookie]);
    expect(await getPatient(request)).toMatchObject({ email, name: "Pat" });
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const token = cookie.split(";")[0].slice("idToken=".length);
    const [header, payload, signature] = token.split(".");
    // tampered content
    const evil = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, "base64url").toString()), email: "x@example.com" })).toString("base64url");
    expect(await getPatient(requestWith([`idToken=${header}.${evil}.${signature}`]))).toBeNull();
    // alg: none with the same content
    const none = Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url");
    expect(await getPatient(requestWith([`idToken=${none}.${payload}.`]))).toBeNull();
    // signed with another key
    const forged = await new SignJWT(JSON.parse(Buffer.from(payload, "base64url").toString())).setProtectedHeader({ alg: "HS256" }).sign(new TextEncoder().encode("x".repeat(40)));
    expect(await getPatient(requestWith([`idToken=${forged}`]))).toBeNull();
    // a validly signed token of a session that does not exist
    const ghost = await new SignJWT({ email, sid: "A".repeat(43) }).setProtectedHeader({ alg: "HS256" }).setIssuer("dental-booking").setExpirationTime("1h").sign(new TextEncoder().encode(getEnv().sessionSecrets[0]));
    expect(await getPatient(requestWith([`idToken=${ghost}`]))).toBeNull();
    // idle and absolute expiry
    expect(await getPatient(request, new Date(Date.now() + SESSION_LIFETIME.browser.idleMs + 60_000))).toBeNull();
    const again = await account();
    await db().db.update(authSessions).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(await getPatient(requestWith([again.cookie]))).toBeNull();
    // logout ends the session on the server: the same cookie no longer works
    const third = await account();
    expect(await getPatient(requestWith([third.cookie]))).not.toBeNull();
    await endSession(requestWith([third.cookie]));
    expect(await getPatient(requestWith([third.cookie]))).toBeNull();
  });

  it("in the app's web view a login older than 60 days asks for a new one (spec §5); a web-view login records it", async () => {
    const email = unique("webview");
    const cookie = await createAccount(new Request(ORIGIN, { headers: { Cookie: "web_view=true" } }), { email, name: "Wen", password: PASSWORD });
    const [person] = await db().db.select().from(persons).where(eq(persons.email, email));
    expect(person.lastMobileAppLogin).not.toBeNull();
    const inApp = requestWith([cookie, "web_view=true"]);
    expect(await getPatient(inApp)).toMatchObject({ email });
    await db().db.update(persons).set({ lastMobileAppLogin: new Date(Date.now() - 61 * 86_400_000) }).where(eq(persons.id, person.id));
    expect(await getPatient(inApp)).toBeNull();
    // the same session in a browser is not subject to the app's rule
    expect(await getPatient(requestWith([cookie]))).toMatchObject({ email });
  });

  it("visits booked under the verified email become the account's", async () => {
    const email = unique("booked");
    await db().db.insert(patients).values({ email, firstName: "Bo" });
    await account(email);
    const [person] = await db().db.select().from(persons).where(eq(persons.email, email));
    const [patient] = await db().db.select().from(patients).where(eq(patients.email, email));
    expect(patient.personId).toBe(person.id);
    expect(person.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it("/signup, /login and /forgot-password answer known and unknown emails alike; a known email gets a notice instead of a code", async () => {
    const { email: known } = await account();
    const unknown = unique("nobody");
    for (const [name, action, path] of [
      ["signup", signupAction, "/signup"],
      ["login", loginAction, "/login"],
      ["forgot", forgotAction, "/forgot-password"],
    ] as const) {
      const a = await run(action, post(path, { email: known, ...honeypot() }));
      const b = await run(action, post(path, { email: unknown, ...honeypot() }));
      expect([a.status, a.headers.get("Location")], name).toEqual([b.status, b.headers.get("Location")]);
      expect(a.status, name).toBe(302);
      // the flow cookie holds the address, signed: never the URL
      expect(a.headers.get("Location")).not.toContain("@");
      expect(a.headers.get("Set-Cookie")).toMatch(/^authFlow=.*HttpOnly/);
    }
    const mails = await db().db.select().from(emailOutbox);
    expect(mails.filter((m) => m.to === known).map((m) => m.subject)).toEqual(
      expect.arrayContaining(["You already have a Studio Dental account", "Set a new Studio Dental password"]),
    );
    expect(mails.filter((m) => m.to === unknown).map((m) => m.subject)).toEqual([expect.stringMatching(/^Your Studio Dental code: \d{6}$/)]);
    // links are built from SITE_ORIGIN
    expect(mails.find((m) => m.to === known && m.subject.startsWith("Set a new"))!.text).toContain(`${getEnv().SITE_ORIGIN}/set-password?token=`);
  });

  it("garbage and a filled honeypot answer 400 with a message, never a 500", async () => {
    for (const fields of [{}, { email: "not an email", ...honeypot() }, { email: "a@b.co", name__confirm: "bot", from__confirm: "x" }, { email: "a@b.co", ...honeypot(), name__confirm: "filled" }]) {
      const res = await run(signupAction, post("/signup", fields as Record<string, string>));
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toMatch(/Enter|could not be sent/);
    }
  });

  it("wrong passwords: one message, then a wait for that account from that address — not from another", async () => {
    const { email } = await account();
    const ip = "198.51.100.7";
    expect(await logIn(new Request(ORIGIN), { email, password: "wrong password" }, ip)).toBeNull();
    expect(await logIn(new Request(ORIGIN), { email: unique("none"), password: "wrong password" }, ip)).toBeNull();
    for (let i = 0; i < 4; i++) await logIn(new Request(ORIGIN), { email, password: "wrong password" }, ip);
    await expect(logIn(new Request(ORIGIN), { email, password: PASSWORD }, ip)).rejects.toBeInstanceOf(RateLimited);
    // a stranger's failures from one address do not lock the patient out elsewhere
    expect(await logIn(new Request(ORIGIN), { email, password: PASSWORD }, "192.0.2.55")).toMatch(/^idToken=/);
  });

  it("the longest address (254 characters) from an IPv6 address is limited too (hashed keys fit the table)", async () => {
    const email = `${"l".repeat(64)}@${"d".repeat(63)}.${"d".repeat(63)}.${"d".repeat(50)}-${n++}.com`.slice(-254);
    const ip = "2001:db8:ffff:ffff:ffff:ffff:ffff:ffff";
    for (let i = 0; i < 5; i++) expect(await logIn(new Request(ORIGIN), { email, password: "wrong password" }, ip)).toBeNull();
    await expect(logIn(new Request(ORIGIN), { email, password: "wrong password" }, ip)).rejects.toBeInstanceOf(RateLimited);
  });

  it("a reset ends every other session, starts a new one and sends a notice; the link works once", async () => {
    const { email, cookie: old } = await account();
    await startReset(email, "192.0.2.1", "en-US");
    const [row] = await db().db.select().from(authCodes).where(eq(authCodes.email, email));
    expect(row.purpose).toBe("reset");
    // the link token is only in the email (the row holds its keyed hash)
    const mail = (await db().db.select().from(emailOutbox).where(eq(emailOutbox.to, email))).at(-1)!;
    const token = mail.text.match(/token=([A-Za-z0-9_-]{43})/)![1];
    const fresh = await setPasswordFromLink(new Request(ORIGIN), { token, password: "a brand new passphrase" }, "192.0.2.1");
    expect(fresh).toMatch(/^idToken=/);
    expect(await getPatient(requestWith([old]))).toBeNull();
    expect(await getPatient(requestWith([fresh!]))).toMatchObject({ email });
    expect(await setPasswordFromLink(new Request(ORIGIN), { token, password: "another new passphrase" }, "192.0.2.1")).toBeNull();
    const notices = await db().db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(notices.map((m) => m.subject)).toContain("Your Studio Dental password was changed");
    expect(await logIn(new Request(ORIGIN), { email, password: PASSWORD }, "192.0.2.2")).toBeNull();
    expect(await logIn(new Request(ORIGIN), { email, password: "a brand new passphrase" }, "192.0.2.2")).toMatch(/^idToken=/);
  });

  it("change of email: the password again, a link to the new address, a POST confirms, the old address gets a notice", async () => {
    const { email, cookie } = await account();
    const patient = (await getPatient(requestWith([cookie])))!;
    const newEmail = unique("new");
    expect(await requestEmailChange(patient, { password: "wrong password", newEmail }, "192.0.2.9", "en-US")).toBe(false);
    expect(await requestEmailChange(patient, { password: PASSWORD, newEmail }, "192.0.2.9", "en-US")).toBe(true);
    const mail = (await db().db.select().from(emailOutbox).where(eq(emailOutbox.to, newEmail)))[0];
    const token = mail.text.match(/confirm-email-change\?token=([A-Za-z0-9_-]{43})/)![1];
    const result = await confirmEmailChange(requestWith([cookie]), token, "192.0.2.9");
    expect(result).toMatchObject({ email: newEmail });
    expect((result as { setCookie: string }).setCookie).toMatch(/^idToken=/);
    expect(await getPatient(requestWith([cookie]))).toMatchObject({ email: newEmail });
    const notices = await db().db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(notices.map((m) => m.subject)).toContain("Your Studio Dental email address was changed");
    expect(await confirmEmailChange(requestWith([cookie]), token, "192.0.2.9")).toBeNull();
  });

  it("remembers the person's language: the sign-up's, then each sign-in's (for the account's later emails)", async () => {
    const email = unique("locale");
    const spanish = { headers: { "Accept-Language": "es-MX,es;q=0.9" } };
    await createAccount(new Request(ORIGIN, spanish), { email, name: "Ana", password: PASSWORD });
    const localeOf = async () => (await db().db.select({ locale: persons.locale }).from(persons).where(eq(persons.email, email)))[0].locale;
    expect(await localeOf()).toBe("es-US");
    expect(await logIn(new Request(ORIGIN, { headers: { "Accept-Language": "en-US" } }), { email, password: PASSWORD }, "192.0.2.40")).not.toBeNull();
    expect(await localeOf()).toBe("en-US");
    // A wrong password is no sign-in: the language stays.
    expect(await logIn(new Request(ORIGIN, spanish), { email, password: "not the password" }, "192.0.2.40")).toBeNull();
    expect(await localeOf()).toBe("en-US");
    expect(await logIn(new Request(`${ORIGIN}/login?lang=es-US`), { email, password: PASSWORD }, "192.0.2.40")).not.toBeNull();
    expect(await localeOf()).toBe("es-US");
    // The reset email goes out in the request's language.
    await startReset(email, "192.0.2.41", "es-US");
    const mails = await db().db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(mails.map((m) => m.subject)).toContain("Cree una nueva contraseña de Studio Dental");
  });
});
