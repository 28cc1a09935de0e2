/**
 * A staff member's own account (issue 18 A, decision 026): a new password (the patient side's rules; the current
 * one asked again), new recovery codes (the old ones stop working; the new ones shown once) and sign-out
 * everywhere. Both changes ask for the current password, limited like a sign-in, and are audited.
 */
import { and, eq, ne } from "drizzle-orm";
import { assertNotLimited, consume, forget } from "~/auth/rate-limit.server";
import { checkPassword, hashPassword } from "~/auth/passwords.server";
import { getDb } from "~/db/client.server";
import { staff, staffRecoveryCodes, staffSessions } from "~/db/schema";
import { appendAudit } from "~/platform/audit.server";
import { newRecoveryCode, normaliseRecovery, RECOVERY_CODES, sha256, type StaffUser } from "./staff.server";

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
