/**
 * The audit log (decision 020): one line per staff sign-in, read of health data and change — who, when, what,
 * before and after. Written in the same transaction as the change it records. Append-only in the database
 * itself (a trigger refuses UPDATE, DELETE and TRUNCATE), so no code path can rewrite it.
 */
import type { Db } from "~/db/client.server";
import { auditLog } from "~/db/schema";

export type AuditEntry = {
  actor: "staff" | "patient" | "system" | "api";
  staff?: { id: number; email: string } | null;
  action: string;
  studioSlug?: string | null;
  appointmentId?: number | null;
  note?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  at?: Date;
};

export async function appendAudit(tx: Pick<Db, "insert">, entry: AuditEntry): Promise<void> {
  await appendAudits(tx, [entry]);
}

/** Several lines in one insert (an API page of visits: one line per visit read, decision 033). */
export async function appendAudits(tx: Pick<Db, "insert">, entries: AuditEntry[]): Promise<void> {
  if (!entries.length) return;
  await tx.insert(auditLog).values(entries.map((entry) => ({
    actor: entry.actor,
    staffId: entry.staff?.id ?? null,
    staffEmail: entry.staff?.email ?? null,
    action: entry.action,
    studioSlug: entry.studioSlug ?? null,
    appointmentId: entry.appointmentId ?? null,
    note: entry.note?.slice(0, 1000) || null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ...(entry.at ? { at: entry.at } : {}),
  })));
}
