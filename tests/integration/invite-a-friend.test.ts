/**
 * Invite a friend (issue 11 C) through the real loader and action, on PGlite and PostgreSQL: a logged-in
 * patient's link carries their own stable code; sharing by email goes through the outbox, at most ten a day;
 * anonymous visitors are asked to log in and cannot post.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { callRoute } from "../helpers/route-call";

process.env.SESSION_SECRET = "invite-test-secret-0123456789-abcdefghijk";
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "invite-"));
process.env.SITE_ORIGIN = "https://book.example.com";

const { describeEachEngine } = await import("../helpers/db");
const { emailOutbox, persons } = await import("~/db/schema");
const { createSession } = await import("~/auth/sessions.server");
const { resetRateLimiters } = await import("~/auth/rate-limit.server");
const route = await import("~/routes/_marketing+/invite-a-friend");

const ORIGIN = "http://localhost";
type Fn = (args: { request: Request; params: object; context: object }) => Promise<unknown>;
function call(fn: Fn, request: Request): Promise<Response> {
  return callRoute(fn, request);
}

describeEachEngine("invite a friend", ({ db }) => {
  beforeAll(() => resetRateLimiters());
  let n = 0;
  async function patient() {
    const [person] = await db().db.insert(persons).values({ email: `inviter-${n++}@example.com`, name: "Maya Lopez", passwordHash: "x", emailVerifiedAt: new Date() }).returning();
    const cookie = (await createSession(db().db, { personId: person.id, email: person.email, request: new Request(ORIGIN) })).split(";")[0];
    return { person, cookie };
  }
  const page = (cookie?: string) => call(route.loader as Fn, new Request(`${ORIGIN}/invite-a-friend`, { headers: cookie ? { Cookie: cookie } : {} }));
  const share = (cookie: string | undefined, friendEmail: string, lang = "en-US") =>
    call(
      route.action as Fn,
      new Request(`${ORIGIN}/invite-a-friend`, { method: "POST", body: new URLSearchParams({ friendEmail }), headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, "Accept-Language": lang, ...(cookie ? { Cookie: cookie } : {}) } }),
    );
  const errorsOf = async (res: Response) => ((await res.json()) as { error: Record<string, string[]> }).error;

  it("a patient's link is theirs and stays the same; another patient's differs; a visitor is asked to log in", async () => {
    const a = await patient();
    const b = await patient();
    const linkOf = async (cookie?: string) => ((await (await page(cookie)).json()) as { link: string | null; heading: string }).link;
    const first = await linkOf(a.cookie);
    expect(first).toMatch(/^https:\/\/book\.example\.com\/referral-redirect\?referralCode=SD[A-Z2-9]{8}&utm_source=friendbuy&utm_medium=email&utm_campaign=evergreen$/);
    expect(await linkOf(a.cookie)).toBe(first);
    expect(await linkOf(b.cookie)).not.toBe(first);
    expect(await linkOf()).toBeNull();
    const [row] = await db().db.select({ code: persons.referralCode }).from(persons).where(eq(persons.id, a.person.id));
    expect(first).toContain(row.code!);
  });

  it("shares the link by email through the outbox, with the patient's first name only; a bad address is a 400; an 11th share today is refused", async () => {
    const a = await patient();
    const sent = await share(a.cookie, " Friend@Example.com ");
    expect(sent.status).toBe(200);
    const [mail] = await db().db.select().from(emailOutbox).where(eq(emailOutbox.to, "friend@example.com"));
    expect(mail.subject).toBe("Maya invited you to Studio Dental");
    expect(mail.text).toMatch(/referral-redirect\?referralCode=SD/);
    expect(mail.text).not.toContain("Lopez");
    expect(mail.text).not.toContain(a.person.email);

    const bad = await share(a.cookie, "not-an-email");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: Record<string, string[]> }).error.friendEmail[0]).toMatch(/email address like/);

    for (let i = 0; i < 9; i++) expect((await share(a.cookie, `f${i}@example.com`)).status).toBe(200);
    const over = await share(a.cookie, "one-too-many@example.com");
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("Retry-After"))).toBeGreaterThan(0); // like every other 429 (issue 42 A)
    expect((await errorsOf(over))[""]).toEqual(["You’ve shared your link with ten friends today. Please try again tomorrow."]);
    const overInSpanish = await share(a.cookie, "one-too-many@example.com", "es-US");
    expect((await errorsOf(overInSpanish))[""]).toEqual(["Hoy ya compartió su enlace con diez amigos. Vuelva a intentarlo mañana."]);
    expect(await db().db.select().from(emailOutbox).where(eq(emailOutbox.to, "one-too-many@example.com"))).toEqual([]);
  });

  it("in Spanish (Accept-Language: es-US) the form's messages are Spanish, still a 400 with the value kept", async () => {
    const a = await patient();
    const bad = await share(a.cookie, "no-es-un-correo", "es-US");
    expect(bad.status).toBe(400);
    const reply = (await bad.json()) as { error: Record<string, string[]>; initialValue: Record<string, string> };
    expect(reply.error.friendEmail).toEqual(["Escriba un correo electrónico como nombre@ejemplo.com."]);
    expect(reply.initialValue.friendEmail).toBe("no-es-un-correo");
    expect((await errorsOf(await share(a.cookie, "x".repeat(250) + "@example.com", "es-US"))).friendEmail).toEqual(["Ese correo electrónico es demasiado largo."]);
  });

  it("a visitor who is not logged in cannot post: sent to log in, nothing queued", async () => {
    const res = await share(undefined, "someone@example.com");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login?redirectTo=%2Finvite-a-friend");
    expect(await db().db.select().from(emailOutbox).where(eq(emailOutbox.to, "someone@example.com"))).toEqual([]);
  });
});
