/**
 * A staff member's own account (issue 18 A, decision 026): a new password (the patient side's rules; the current
 * one asked again), new recovery codes (the old ones stop working; the new ones shown once) and sign-out
 * everywhere. Both changes ask for the current password, limited like a sign-in, and are audited.
 */
import { json, redirect } from "@remix-run/node";
import { and, eq, ne } from "drizzle-orm";
import { assertNotLimited, consume, forget, RateLimited } from "~/auth/rate-limit.server";
import { checkPassword, hashPassword, passwordProblem } from "~/auth/passwords.server";
import { getDb } from "~/db/client.server";
import { staff, staffRecoveryCodes, staffSessions } from "~/db/schema";
import { rejected, validateForm } from "~/flow/forms.server";
import { appendAudit } from "~/platform/audit.server";
import { feedPost, feedsSection } from "./calendar-feed.server";
import { consoleWords, recoveryCodesSchema, staffPasswordChangeSchema } from "./schemas.server";
import { newRecoveryCode, normaliseRecovery, RECOVERY_CODES, ROLE_LABELS, sha256, type StaffUser } from "./staff.server";
import { lastSignIns } from "./team.server";

/** The page: who they are, where they work, their last sign-ins. */
export async function accountPage(user: StaffUser) {
  return {
    email: user.email,
    roleLabel: ROLE_LABELS[user.role],
    studios: user.role === "admin" ? "Every studio" : user.studios.map((s) => s.name).join(", "),
    signIns: await lastSignIns(await getDb(), user.id),
    calendar: await feedsSection(user),
  };
}

const refused = (intent: string, error: Record<string, string[]>, init: { status?: number; headers?: HeadersInit } = {}) =>
  rejected({}, error, { ...init, intent, extra: { recoveryCodes: null } });

/** The page's two forms (`intent`): a new password, new recovery codes. No password is ever sent back. */
export async function accountPost(user: StaffUser, form: FormData, ip: string) {
  const feed = await feedPost(user, form);
  if (feed) return feed;
  const intent = String(form.get("intent") ?? "");
  const options = { intent, hide: ["currentPassword", "newPassword", "recoveryPassword"] };
  try {
    if (intent === "password") {
      const parsed = await validateForm(form, staffPasswordChangeSchema, consoleWords(), undefined, options);
      if (!parsed.ok) return parsed.response;
      const problem = await passwordProblem(parsed.value.newPassword, user.email);
      if (problem) return refused(intent, { newPassword: [problem] });
      if (!(await changeStaffPassword(user, parsed.value, ip))) return refused(intent, { currentPassword: ["That password is not right."] });
      throw redirect("/staff/account?done=password", 303);
    }
    if (intent === "recovery") {
      const parsed = await validateForm(form, recoveryCodesSchema, consoleWords(), undefined, options);
      if (!parsed.ok) return parsed.response;
      const codes = await renewRecoveryCodes(user, parsed.value.recoveryPassword, ip);
      if (!codes) return refused(intent, { recoveryPassword: ["That password is not right."] });
      // Shown once, in this answer only (never stored in clear, never in a URL).
      return json({ intent, status: "success" as const, initialValue: {}, error: null, recoveryCodes: codes });
    }
  } catch (error) {
    if (error instanceof RateLimited) {
      const minutes = Math.ceil(error.retryAfterSeconds / 60);
      return refused(intent, { "": [`Too many attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`] }, { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } });
    }
    throw error;
  }
  return refused(intent, { "": ["Reload the page and try again."] });
}

/** The current password again, counted against the same limits as a sign-in's. Throws RateLimited. */
async function confirmPassword(user: StaffUser, password: string, ip: string) {
  const key = `staff:${user.email}|${ip}`;
  await consume("ip", `staff:${ip}`);
  await assertNotLimited("accountFromIp", key);
  const db = await getDb();
  const [row] = await db.select({ passwordHash: staff.passwordHash }).from(staff).where(eq(staff.id, user.id));
  if (!(await checkPassword(row?.passwordHash ?? null, password))) {
    await consume("accountFromIp", key).catch(() => {});
    return null;
  }
  await forget("accountFromIp", key);
  return db;
}

/** A new password (the caller checks it with passwordProblem). This session stays; every other one ends. */
export async function changeStaffPassword(user: StaffUser, input: { currentPassword: string; newPassword: string }, ip: string): Promise<boolean> {
  const db = await confirmPassword(user, input.currentPassword, ip);
  if (!db) return false;
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(staff).set({ passwordHash }).where(eq(staff.id, user.id));
    await tx.delete(staffSessions).where(and(eq(staffSessions.staffId, user.id), ne(staffSessions.idHash, user.sessionIdHash)));
    await appendAudit(tx, { actor: "staff", staff: { id: user.id, email: user.email }, action: "staff.password_change" });
  });
  return true;
}

/** A new set of recovery codes, returned to be shown once; the unused old ones stop working in the same transaction. */
export async function renewRecoveryCodes(user: StaffUser, password: string, ip: string): Promise<string[] | null> {
  const db = await confirmPassword(user, password, ip);
  if (!db) return null;
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await db.transaction(async (tx) => {
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, user.id));
    await tx.insert(staffRecoveryCodes).values(codes.map((code) => ({ staffId: user.id, codeHash: sha256(normaliseRecovery(code)) })));
    await appendAudit(tx, { actor: "staff", staff: { id: user.id, email: user.email }, action: "staff.recovery_codes" });
  });
  return codes;
}
