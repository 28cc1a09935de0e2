/**
 * Staff accounts (issue 18, decision 020): not patients. Their own table, sessions and cookie (`staff_session`,
 * path /staff, SameSite=Strict), never the patient's idToken. A one-time setup link (24 h, stored hashed) sets a
 * password (the patient side's rules) and a TOTP second factor; sign-in asks for both. Sessions end after 30
 * minutes idle (health data on screen) or 12 hours in all; logout and "log out everywhere" end them at once.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { redirect } from "@remix-run/node";
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import { checkPassword, hashPassword } from "~/auth/passwords.server";
import { assertNotLimited, consume, forget } from "~/auth/rate-limit.server";
import { getDb, type Db } from "~/db/client.server";
import { staff, staffRecoveryCodes, staffSessions, staffStudios, studios } from "~/db/schema";
import { staffInviteEmail } from "~/auth/emails";
import { appendAudit } from "~/platform/audit.server";
import { enqueueEmail } from "~/platform/email.server";
import { readCookies } from "~/platform/cookies.server";
import { getEnv } from "~/platform/env.server";
import { matchTotp, newTotpSecret } from "./totp";

export type Role = "front_desk" | "manager" | "admin";
export const ROLES: readonly Role[] = ["front_desk", "manager", "admin"];
export const ROLE_LABELS: Record<Role, string> = { front_desk: "Front desk", manager: "Manager", admin: "Admin" };

export const SETUP_LINK_TTL_MS = 24 * 60 * 60_000;
export const STAFF_SESSION = { idleMs: 30 * 60_000, absoluteMs: 12 * 60 * 60_000, passwordStepMs: 5 * 60_000 };
const TOUCH_EVERY_MS = 60_000;
export const RECOVERY_CODES = 8;
const COOKIE = "staff_session";

export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

export type StaffUser = {
  id: number;
  email: string;
  role: Role;
  /** The studios this person may see: their assignments, or every studio for an admin. */
  studios: { slug: string; name: string; tz: string | null }[];
  sessionIdHash: string;
};

function cookie(value: string, maxAgeSeconds: number) {
  const secure = getEnv().NODE_ENV === "production" ? "; Secure" : "";
  return `${COOKIE}=${value}; Path=/staff; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure}`;
}
export const clearStaffCookie = () => cookie("", 0);

/* Invitations and setup */

export type Invitation = { staffId: number; token: string; url: string; expiresAt: Date };

/**
 * Makes (or re-invites) a staff account and returns its one-time setup link. A re-invite replaces the password
 * and second factor once the new link is used (a lost phone), and ends every session now. With `sendEmail` (an
 * admin's invitation from the console) the link goes to the address through the outbox, in the same transaction.
 */
export async function inviteStaff(
  db: Db,
  input: { email: string; role: Role; studios: string[] },
  by: { id: number; email: string } | null,
  now = new Date(),
  { sendEmail = false }: { sendEmail?: boolean } = {},
): Promise<Invitation> {
  const email = input.email.trim().toLowerCase();
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SETUP_LINK_TTL_MS);
  const studioSlugs = input.role === "admin" ? [] : [...new Set(input.studios)];
  const env = getEnv();
  const url = `${env.SITE_ORIGIN}/staff/setup/${token}`;
  const staffId = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(staff).where(eq(staff.email, email));
    const values = { role: input.role, setupTokenHash: sha256(token), setupExpiresAt: expiresAt, totpSecret: newTotpSecret(), totpLastStep: null, disabledAt: null };
    const [row] = before
      ? await tx.update(staff).set(values).where(eq(staff.id, before.id)).returning({ id: staff.id })
      : await tx.insert(staff).values({ email, ...values }).returning({ id: staff.id });
    const id = row!.id;
    await tx.delete(staffStudios).where(eq(staffStudios.staffId, id));
    if (studioSlugs.length) await tx.insert(staffStudios).values(studioSlugs.map((studioSlug) => ({ staffId: id, studioSlug })));
    await tx.delete(staffSessions).where(eq(staffSessions.staffId, id));
    await appendAudit(tx, {
      actor: by ? "staff" : "system",
      staff: by,
      action: "staff.invite",
      before: before ? { email, role: before.role } : null,
      after: { email, role: input.role, studios: studioSlugs },
    });
    if (sendEmail) {
      await enqueueEmail(tx, staffInviteEmail({ to: email, siteOrigin: env.SITE_ORIGIN, supportEmail: env.SUPPORT_EMAIL, link: url, roleLabel: ROLE_LABELS[input.role] }));
    }
    return id;
  });
  return { staffId, token, url, expiresAt };
}

export const isSetupTokenShape = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

/** The account a setup link belongs to while it works (unused, under 24 hours), else null. */
export async function findSetup(db: Db, token: string, now = new Date()) {
  if (!isSetupTokenShape(token)) return null;
  const [row] = await db.select().from(staff).where(eq(staff.setupTokenHash, sha256(token)));
  if (!row || !row.setupExpiresAt || row.setupExpiresAt <= now || !row.totpSecret) return null;
  return { id: row.id, email: row.email, role: row.role as Role, totpSecret: row.totpSecret };
}

/** Whether this setup link was used (the page after the setup post, or a second visit): it then says so. */
export async function setupWasUsed(db: Db, token: string) {
  if (!isSetupTokenShape(token)) return false;
  const [row] = await db.select({ activatedAt: staff.activatedAt, setupExpiresAt: staff.setupExpiresAt }).from(staff).where(eq(staff.setupTokenHash, sha256(token)));
  return Boolean(row?.activatedAt && row.setupExpiresAt && row.activatedAt.getTime() === row.setupExpiresAt.getTime());
}

export const newRecoveryCode = () => {
  const raw = randomBytes(8).toString("hex").slice(0, 10);
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
};
export const normaliseRecovery = (code: string) => code.trim().toLowerCase().replace(/[^0-9a-f]/g, "");

/**
 * Completes a setup: the password and the first code from the authenticator (proof it was scanned). Returns the
 * recovery codes to show once, or "bad_code". The link is used up in the same transaction.
 */
export async function completeSetup(db: Db, token: string, input: { password: string; code: string }, now = new Date()) {
  const setup = await findSetup(db, token, now);
  if (!setup) return { ok: false as const, code: "gone" as const };
  const step = matchTotp(setup.totpSecret, input.code, now, null);
  if (step === null) return { ok: false as const, code: "bad_code" as const };
  const passwordHash = await hashPassword(input.password);
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  const done = await db.transaction(async (tx) => {
    const used = await tx
      .update(staff)
      // The link's hash stays, expired at the moment of use: the page drawn after this post can say "used" (not 404).
      .set({ passwordHash, totpLastStep: step, setupExpiresAt: now, activatedAt: now })
      .where(and(eq(staff.id, setup.id), eq(staff.setupTokenHash, sha256(token)), gt(staff.setupExpiresAt, now)))
      .returning({ id: staff.id });
    if (used.length === 0) return false;
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, setup.id));
    await tx.insert(staffRecoveryCodes).values(codes.map((code) => ({ staffId: setup.id, codeHash: sha256(normaliseRecovery(code)) })));
    await appendAudit(tx, { actor: "staff", staff: { id: setup.id, email: setup.email }, action: "staff.setup", at: now });
    return true;
  });
  return done ? { ok: true as const, recoveryCodes: codes, email: setup.email } : { ok: false as const, code: "gone" as const };
}

/* Sign-in */

async function newSession(tx: Pick<Db, "insert">, staffId: number, stage: "password" | "complete", now: Date) {
  const id = randomBytes(32).toString("base64url");
  const ttl = stage === "password" ? STAFF_SESSION.passwordStepMs : STAFF_SESSION.absoluteMs;
  await tx.insert(staffSessions).values({ idHash: sha256(id), staffId, stage, createdAt: now, lastSeenAt: now, expiresAt: new Date(now.getTime() + ttl) });
  return cookie(id, Math.floor(ttl / 1000));
}

/**
 * First step: email and password. The same answer (null) for an unknown address, a disabled or unfinished
 * account and a wrong password, after the same argon2 work. Throws RateLimited.
 */
export async function staffPasswordStep(input: { email: string; password: string }, ip: string, now = new Date()): Promise<string | null> {
  const db = await getDb();
  const email = input.email.trim().toLowerCase();
  await consume("ip", `staff:${ip}`);
  await assertNotLimited("accountFromIp", `staff:${email}|${ip}`);
  await assertNotLimited("account", `staff:${email}`);
  const [row] = await db.select().from(staff).where(eq(staff.email, email));
  const usable = row && row.activatedAt && !row.disabledAt ? row : null;
  const ok = await checkPassword(usable?.passwordHash ?? null, input.password);
  if (!ok || !usable) {
    await consume("accountFromIp", `staff:${email}|${ip}`);
    await consume("account", `staff:${email}`);
    return null;
  }
  return newSession(db, usable.id, "password", now);
}

async function sessionRow(request: Request) {
  const id = readCookies(request)[COOKIE];
  if (!id || id.length > 100) return null;
  const db = await getDb();
  const idHash = sha256(id);
  const [row] = await db
    .select({ session: staffSessions, staff })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(eq(staffSessions.idHash, idHash));
  return row ? { db, idHash, ...row } : null;
}

/** Who passed the password step and now owes the second factor, or null. */
export async function pendingSecondFactor(request: Request, now = new Date()) {
  const row = await sessionRow(request);
  if (!row || row.session.stage !== "password" || row.session.expiresAt <= now || row.staff.disabledAt) return null;
  return { staffId: row.staff.id, email: row.staff.email, idHash: row.idHash };
}

/**
 * Second step: a TOTP code (each used once) or one of the recovery codes (each used once). On success the
 * password-step session is replaced by a new one (a fresh id) and the sign-in is audited. Throws RateLimited.
 */
export async function staffCodeStep(request: Request, code: string, ip: string, now = new Date()): Promise<string | null> {
  const pending = await pendingSecondFactor(request, now);
  if (!pending) return null;
  const db = await getDb();
  const key = `staff-code:${pending.staffId}|${ip}`;
  // Per address (5, then 15 minutes), and per account from everywhere (100 a day): someone who has the password
  // cannot guess codes from many addresses.
  const accountKey = `staff-code:${pending.staffId}`;
  await assertNotLimited("accountFromIp", key);
  await assertNotLimited("account", accountKey);
  const [row] = await db.select().from(staff).where(eq(staff.id, pending.staffId));
  if (!row?.totpSecret) return null;
  const digits = code.replace(/\s/g, "");
  let method: "totp" | "recovery" | null = null;
  const step = matchTotp(row.totpSecret, digits, now, row.totpLastStep);
  if (step !== null) {
    // The update that moves the last step forward wins: a code replayed at once is refused.
    const claimed = await db
      .update(staff)
      .set({ totpLastStep: step })
      .where(and(eq(staff.id, row.id), row.totpLastStep === null ? isNull(staff.totpLastStep) : eq(staff.totpLastStep, row.totpLastStep)))
      .returning({ id: staff.id });
    if (claimed.length) method = "totp";
  } else if (normaliseRecovery(code).length === 10) {
    const hash = sha256(normaliseRecovery(code));
    const candidates = await db.select().from(staffRecoveryCodes).where(and(eq(staffRecoveryCodes.staffId, row.id), isNull(staffRecoveryCodes.usedAt)));
    const match = candidates.find((c) => timingSafeEqual(Buffer.from(c.codeHash), Buffer.from(hash)));
    if (match) {
      const used = await db
        .update(staffRecoveryCodes)
        .set({ usedAt: now })
        .where(and(eq(staffRecoveryCodes.id, match.id), isNull(staffRecoveryCodes.usedAt)))
        .returning({ id: staffRecoveryCodes.id });
      if (used.length) method = "recovery";
    }
  }
  if (!method) {
    await consume("accountFromIp", key);
    await consume("account", accountKey);
    return null;
  }
  await forget("accountFromIp", key);
  await forget("accountFromIp", `staff:${row.email}|${ip}`);
  return db.transaction(async (tx) => {
    await tx.delete(staffSessions).where(eq(staffSessions.idHash, pending.idHash));
    await appendAudit(tx, { actor: "staff", staff: { id: row.id, email: row.email }, action: "staff.sign_in", after: { method }, at: now });
    return newSession(tx, row.id, "complete", now);
  });
}

/* Sessions */

async function studiosOf(db: Db, staffId: number, role: Role) {
  const columns = { slug: studios.slug, name: studios.name, tz: studios.timezone };
  if (role === "admin") return db.select(columns).from(studios).where(eq(studios.isVirtual, false)).orderBy(asc(studios.name));
  return db
    .select(columns)
    .from(staffStudios)
    .innerJoin(studios, eq(studios.slug, staffStudios.studioSlug))
    .where(eq(staffStudios.staffId, staffId))
    .orderBy(asc(studios.name));
}

/** The signed-in staff member, or null. Every call reads the session row: an ended session is over at once. */
export async function getStaff(request: Request, now = new Date()): Promise<StaffUser | null> {
  const row = await sessionRow(request);
  if (!row || row.session.stage !== "complete" || row.staff.disabledAt) return null;
  const idle = now.getTime() - row.session.lastSeenAt.getTime() > STAFF_SESSION.idleMs;
  if (idle || row.session.expiresAt <= now) {
    await row.db.delete(staffSessions).where(eq(staffSessions.idHash, row.idHash));
    return null;
  }
  if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await row.db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.idHash, row.idHash));
  }
  const role = row.staff.role as Role;
  return { id: row.staff.id, email: row.staff.email, role, studios: await studiosOf(row.db, row.staff.id, role), sessionIdHash: row.idHash };
}

/** The signed-in staff member (of one of `roles`, when given), or a redirect to sign in; a wrong role is a 404. */
export async function requireStaff(request: Request, roles?: readonly Role[]): Promise<StaffUser> {
  const user = await getStaff(request);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/staff/login?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`, { headers: { "Set-Cookie": clearStaffCookie() } });
  }
  if (roles && !roles.includes(user.role)) throw new Response("Not found", { status: 404 });
  return user;
}

/** Ends this session, or every session of its staff member ("log out everywhere"). */
export async function endStaffSessions(request: Request, everywhere: boolean): Promise<void> {
  const row = await sessionRow(request);
  if (!row) return;
  await row.db.delete(staffSessions).where(everywhere ? eq(staffSessions.staffId, row.staff.id) : eq(staffSessions.idHash, row.idHash));
  if (everywhere) await appendAudit(row.db, { actor: "staff", staff: { id: row.staff.id, email: row.staff.email }, action: "staff.sign_out_everywhere" });
}

/** A studio this person may see, or a thrown 404 (another studio's pages do not exist for them). */
export function requireStudio(user: StaffUser, slug: string) {
  const studio = user.studios.find((s) => s.slug === slug);
  if (!studio) throw new Response("Not found", { status: 404 });
  return studio;
}
