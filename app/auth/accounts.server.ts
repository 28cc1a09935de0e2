import { and, eq, isNull } from "drizzle-orm";
import { getDb, type Db } from "~/db/client.server";
import { patients, persons } from "~/db/schema";
import { enqueueEmail } from "~/platform/email.server";
import { tFor } from "~/i18n/catalogues.server";
import { localeOf } from "~/i18n/locale.server";
import { getEnv } from "~/platform/env.server";
import { consumeCode, consumeLink, issueCode, type CodeCheck } from "./codes.server";
import { alreadyRegisteredEmail, dataExportCodeEmail, emailChangedNotice, emailChangeEmail, passwordChangedEmail, resetEmail, verificationEmail } from "./emails";
import { checkPassword, hashPassword, isBreachedPassword, passwordProblem } from "./passwords.server";
import { assertNotLimited, consume, forget, tryConsume } from "./rate-limit.server";
import { createSession, endSessions, reissueIdToken, type Patient } from "./sessions.server";

/**
 * The account journeys (issue 9, decision 010). Every function that takes an email from a public form
 * answers the same way whether an account exists or not; what differs is only the email that is sent.
 */
const mailCommon = (to: string, locale: string) => {
  const env = getEnv();
  return { to, siteOrigin: env.SITE_ORIGIN, supportEmail: env.SUPPORT_EMAIL, locale };
};

async function findPerson(db: Db, email: string) {
  const [person] = await db.select().from(persons).where(eq(persons.email, email));
  return person ?? null;
}

/** Sign-up, step 1: a code for a new address; a "you already have an account" email for a known one. */
export async function startSignup(email: string, ip: string, locale: string): Promise<void> {
  await consume("ip", ip);
  const db = await getDb();
  if (await findPerson(db, email)) {
    if (await tryConsume("email", email)) await enqueueEmail(db, alreadyRegisteredEmail(mailCommon(email, locale)));
    return;
  }
  const issued = await issueCode(db, { purpose: "signup", email });
  if (issued && (await tryConsume("email", email))) await enqueueEmail(db, verificationEmail({ ...mailCommon(email, locale), ...issued }));
}

/** Sign-up, step 2: the code typed for the address in the flow cookie, or the emailed link. */
export async function verifySignup(input: { email: string; code: string } | { token: string }, ip: string): Promise<CodeCheck> {
  await consume("ip", ip);
  const db = await getDb();
  return "token" in input ? consumeLink(db, { purpose: "signup", token: input.token }) : consumeCode(db, { purpose: "signup", ...input });
}

/** A new password's problem, including the optional breached-password check. */
export async function newPasswordProblem(password: string, email: string, locale: string): Promise<string | null> {
  const t = tFor(locale);
  const problem = await passwordProblem(password, email, t);
  if (problem) return problem;
  if (await isBreachedPassword(password, getEnv().BREACHED_PASSWORDS_URL)) return t("account.errors.passwordBreached");
  return null;
}

/** Visits booked under the address become the account's (the address is verified by now). */
async function claimVisits(db: Pick<Db, "update">, personId: number, email: string) {
  await db.update(patients).set({ personId }).where(and(eq(patients.email, email), isNull(patients.personId), isNull(patients.familyOfPersonId)));
}

export class EmailTaken extends Error {}

/** Sign-up, step 3: the account for a verified address, logged in. Returns the session's Set-Cookie. */
export async function createAccount(request: Request, input: { email: string; name: string; password: string }): Promise<string> {
  const db = await getDb();
  const passwordHash = await hashPassword(input.password);
  const now = new Date();
  try {
    return await db.transaction(async (tx) => {
      const [person] = await tx
        .insert(persons)
        // The person's language, for the account's later emails (recall, waitlist): the sign-up's, then each sign-in's.
        .values({ email: input.email, name: input.name, passwordHash, emailVerifiedAt: now, passwordChangedAt: now, locale: localeOf(request) })
        .returning({ id: persons.id });
      await claimVisits(tx, person.id, input.email);
      return createSession(tx as unknown as Db, { personId: person.id, email: input.email, request, now });
    });
  } catch (error) {
    if ((error as { code?: string; cause?: { code?: string } }).code === "23505" || (error as { cause?: { code?: string } }).cause?.code === "23505") {
      throw new EmailTaken();
    }
    throw error;
  }
}

/**
 * Log in with email and password. Returns the session's Set-Cookie, or null for a wrong email or password
 * (one answer for both). Throws RateLimited after repeated failures.
 */
export async function logIn(request: Request, input: { email: string; password: string }, ip: string): Promise<string | null> {
  await consume("ip", ip);
  const pairKey = `${input.email}|${ip}`;
  await assertNotLimited("accountFromIp", pairKey);
  await assertNotLimited("account", input.email);
  const db = await getDb();
  const person = await findPerson(db, input.email);
  const ok = await checkPassword(person?.passwordHash ?? null, input.password);
  if (!ok || !person) {
    await consume("accountFromIp", pairKey).catch(() => {});
    await consume("account", input.email).catch(() => {});
    return null;
  }
  await forget("accountFromIp", pairKey);
  const locale = localeOf(request);
  if (person.locale !== locale) await db.update(persons).set({ locale }).where(eq(persons.id, person.id));
  return createSession(db, { personId: person.id, email: person.email, request });
}

/** Forgot password: a reset link to a known address; nothing to an unknown one (same answer). */
export async function startReset(email: string, ip: string, locale: string): Promise<void> {
  await consume("ip", ip);
  const db = await getDb();
  const person = await findPerson(db, email);
  if (!person) return;
  const issued = await issueCode(db, { purpose: "reset", email, personId: person.id });
  if (issued && (await tryConsume("email", email))) await enqueueEmail(db, resetEmail({ ...mailCommon(email, locale), linkToken: issued.linkToken }));
}

/**
 * Set a new password from a reset link: every session of the person ends, a new one starts here, and a
 * notice goes to the address. Returns the Set-Cookie, or null when the link is not valid (any more).
 */
export async function setPasswordFromLink(request: Request, input: { token: string; password: string }, ip: string): Promise<string | null> {
  await consume("ip", ip);
  const db = await getDb();
  const check = await consumeLink(db, { purpose: "reset", token: input.token });
  if (!check.ok || check.personId === null) return null;
  const personId = check.personId;
  const passwordHash = await hashPassword(input.password);
  const now = new Date();
  const cookie = await db.transaction(async (tx) => {
    // Setting a password from the link is a sign-in: the language is remembered as at login.
    const locale = localeOf(request);
    const [person] = await tx.update(persons).set({ passwordHash, passwordChangedAt: now, locale }).where(eq(persons.id, personId)).returning();
    await endSessions(tx, personId);
    await enqueueEmail(tx, passwordChangedEmail(mailCommon(person.email, locale)));
    return createSession(tx as unknown as Db, { personId, email: person.email, request, now });
  });
  await forget("account", check.email);
  return cookie;
}

/**
 * Change of password from the profile: the current password again, then the new one (checked by the caller
 * with newPasswordProblem). This session stays, every other one ends, and a notice goes to the address.
 * Returns false for a wrong current password; throws RateLimited like a login.
 */
export async function changePassword(patient: Patient, input: { currentPassword: string; newPassword: string }, ip: string, locale: string): Promise<boolean> {
  await consume("ip", ip);
  const pairKey = `${patient.email}|${ip}`;
  await assertNotLimited("accountFromIp", pairKey);
  const db = await getDb();
  const [person] = await db.select().from(persons).where(eq(persons.id, patient.personId));
  if (!person || !(await checkPassword(person.passwordHash, input.currentPassword))) {
    await consume("accountFromIp", pairKey).catch(() => {});
    return false;
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(persons).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(persons.id, person.id));
    await endSessions(tx, person.id, patient.sessionIdHash);
    await enqueueEmail(tx, passwordChangedEmail(mailCommon(person.email, locale)));
  });
  await forget("accountFromIp", pairKey);
  return true;
}

/**
 * Change of email, requested from the profile (the patient-area issue builds that page): the password again,
 * then a link to the NEW address. Returns false for a wrong password; throws RateLimited like a login.
 */
export async function requestEmailChange(patient: Patient, input: { password: string; newEmail: string }, ip: string, locale: string): Promise<boolean> {
  await consume("ip", ip);
  const pairKey = `${patient.email}|${ip}`;
  await assertNotLimited("accountFromIp", pairKey);
  const db = await getDb();
  const person = await findPerson(db, patient.email);
  if (!person || !(await checkPassword(person.passwordHash, input.password))) {
    await consume("accountFromIp", pairKey).catch(() => {});
    return false;
  }
  if (input.newEmail === person.email) return true;
  if (await findPerson(db, input.newEmail)) {
    // The address has an account of its own: it gets the usual notice, and no link.
    if (await tryConsume("email", input.newEmail)) await enqueueEmail(db, alreadyRegisteredEmail(mailCommon(input.newEmail, locale)));
    return true;
  }
  const issued = await issueCode(db, { purpose: "change_email", email: input.newEmail, personId: person.id });
  if (issued && (await tryConsume("email", input.newEmail))) {
    await enqueueEmail(db, emailChangeEmail({ ...mailCommon(input.newEmail, locale), linkToken: issued.linkToken }));
  }
  return true;
}

/**
 * The password again before something that cannot be undone (closing the account, decision 078): limited like
 * sign-in (5 wrong per account and address, then 15 minutes). Throws RateLimited when over.
 */
export async function passwordAgain(patient: Patient, password: string, ip: string): Promise<boolean> {
  await consume("ip", ip);
  const pairKey = `${patient.email}|${ip}`;
  await assertNotLimited("accountFromIp", pairKey);
  const person = await findPerson(await getDb(), patient.email);
  if (!person || !(await checkPassword(person.passwordHash, password))) {
    await consume("accountFromIp", pairKey).catch(() => {});
    return false;
  }
  return true;
}

/**
 * A code by email in place of the password again (decision 080: an account without a password, or one who forgot
 * it but is signed in), to the account's own address. Counted like every account email (5 an hour to an address:
 * throws RateLimited when over); a second ask within a minute keeps the first code (nothing new sent).
 */
export async function sendCodeAgain(patient: Patient, ip: string, locale: string): Promise<void> {
  await consume("ip", ip);
  await consume("email", patient.email);
  const db = await getDb();
  const issued = await issueCode(db, { purpose: "data_export", email: patient.email, personId: patient.personId });
  if (issued) await enqueueEmail(db, dataExportCodeEmail({ ...mailCommon(patient.email, locale), code: issued.code }));
}

/** The emailed code typed back: right once, 10 minutes, 5 tries (the sign-up code's rules, decision 010). */
export async function codeAgain(patient: Patient, code: string, ip: string): Promise<CodeCheck> {
  await consume("ip", ip);
  const check = await consumeCode(await getDb(), { purpose: "data_export", email: patient.email, code });
  return check.ok && check.personId !== patient.personId ? { ok: false, reason: "wrong" } : check;
}

/**
 * Confirms a change of email from the link sent to the new address: the account's email changes, visits
 * booked under the new address join it, the old address gets a notice. Returns the new address and, when
 * this browser is logged in to that account, a fresh idToken; null when the link is not valid.
 */
export async function confirmEmailChange(request: Request, token: string, ip: string): Promise<{ email: string; setCookie: string | null } | "taken" | null> {
  await consume("ip", ip);
  const db = await getDb();
  const check = await consumeLink(db, { purpose: "change_email", token });
  if (!check.ok || check.personId === null) return null;
  const personId = check.personId;
  const newEmail = check.email;
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx.select({ email: persons.email }).from(persons).where(eq(persons.id, personId));
      await tx.update(persons).set({ email: newEmail, emailVerifiedAt: new Date() }).where(eq(persons.id, personId));
      await claimVisits(tx, personId, newEmail);
      // The account's family members carry its address (decision 024): emails about their visits follow it.
      await tx.update(patients).set({ email: newEmail }).where(eq(patients.familyOfPersonId, personId));
      await enqueueEmail(tx, emailChangedNotice({ ...mailCommon(before.email, localeOf(request)), newEmail }));
    });
  } catch (error) {
    if ((error as { code?: string; cause?: { code?: string } }).code === "23505" || (error as { cause?: { code?: string } }).cause?.code === "23505") return "taken";
    throw error;
  }
  return { email: newEmail, setCookie: await reissueIdToken(request, personId, newEmail) };
}

/** Counts an account form post against the address's limit (for steps that do nothing else yet). */
export const countAuthPost = (ip: string) => consume("ip", ip);
