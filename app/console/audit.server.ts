import { and, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import { addDays } from "~/rules/zoned-time";
import { isDayKey } from "./day.server";

export type AuditFilter = { action: string; staffEmail: string; visit: string; from: string; to: string };

/** The audit log for admins, newest first, filtered by action, staff email, visit id and UTC days (200 lines). */
export async function readAudit(filter: AuditFilter) {
  const where: SQL[] = [];
  if (filter.action) where.push(eq(auditLog.action, filter.action));
  if (filter.staffEmail) where.push(eq(auditLog.staffEmail, filter.staffEmail.trim().toLowerCase()));
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
    who: r.actor === "staff" ? (r.staffEmail ?? "staff") : r.actor,
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
  "intake.view",
  "intake.view_photo",
  "visit.arrived",
  "visit.completed",
  "visit.no_show",
  "visit.cancel",
  "visit.move",
  "availability.hours",
  "availability.time_off_add",
  "availability.time_off_remove",
  "availability.closure_add",
  "availability.closure_remove",
  "availability.service",
] as const;
