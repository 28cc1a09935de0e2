import { and, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import { addDays, isDayKey } from "~/rules/zoned-time";

export type AuditFilter = { action: string; staffEmail: string; studio: string; visit: string; from: string; to: string };

/** The audit log for admins, newest first, filtered by action, staff email, studio, visit id and UTC days (200 lines). */
export async function readAudit(filter: AuditFilter) {
  const where: SQL[] = [];
  // Only well-formed values filter (a NUL or a stray character is no filter, never a database error).
  if ((AUDIT_ACTIONS as readonly string[]).includes(filter.action)) where.push(eq(auditLog.action, filter.action));
  const email = filter.staffEmail.trim().toLowerCase();
  if (email && /^[^\s\x00-\x1f@]{1,64}@[^\s\x00-\x1f@]{1,254}$/.test(email)) where.push(eq(auditLog.staffEmail, email));
  if (/^[a-z0-9-]{1,60}$/.test(filter.studio)) where.push(eq(auditLog.studioSlug, filter.studio));
  if (/^\d{1,9}$/.test(filter.visit)) where.push(eq(auditLog.appointmentId, Number(filter.visit)));
  if (isDayKey(filter.from)) where.push(gte(auditLog.at, new Date(`${filter.from}T00:00:00Z`)));
  if (isDayKey(filter.to)) where.push(lt(auditLog.at, new Date(`${addDays(filter.to, 1)}T00:00:00Z`)));
  const rows = await (await getDb())
    .select()
    .from(auditLog)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(200);
  return rows.map((r) => ({
    id: r.id,
    at: r.at.toISOString().replace("T", " ").slice(0, 19) + " UTC",
    who: r.actor === "staff" ? (r.staffEmail ?? "staff") : r.actor === "api" ? "API key" : r.actor,
    action: r.action,
    studio: r.studioSlug,
    visit: r.appointmentId,
    note: r.note,
    change: r.before || r.after ? JSON.stringify({ before: r.before, after: r.after }) : "",
  }));
}

export const AUDIT_ACTIONS = [
  "staff.invite",
  "staff.setup",
  "staff.sign_in",
  "staff.sign_out_everywhere",
  "staff.update",
  "staff.disable",
  "staff.enable",
  "staff.password_change",
  "staff.recovery_codes",
  "staff.calendar_feed",
  "staff.calendar_feed_revoke",
  "intake.view",
  "report.view",
  "report.export",
  "intake.view_photo",
  "visit.arrived",
  "visit.completed",
  "visit.no_show",
  "visit.cancel",
  "visit.move",
  "visit.book",
  "visit.squeeze_in",
  "visit.card_link_resend",
  "availability.hours",
  "availability.time_off_add",
  "availability.time_off_remove",
  "availability.closure_add",
  "availability.closure_remove",
  "availability.service",
  "api_key.create",
  "api_key.revoke",
  "api.visit_read",
  "webhook.add",
  "webhook.rotate",
  "webhook.disable",
  "webhook.enable",
  "webhook.replay",
  "sms.thread_view",
  "sms.answer",
  "sms.handled",
] as const;
