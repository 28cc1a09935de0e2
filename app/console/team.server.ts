/**
 * The console's team, for admins (issue 18 A, decision 026): who has an account, with which role and studios, set
 * up or not, disabled or not; invitations by email (the same one-time link as `npm run staff -- add`), changes of
 * role and studios, disable and re-enable, a new link for an unfinished invitation. Each change is one
 * transaction with its audit line (before and after). The console always keeps an admin who can sign in: the
 * change that would leave none is refused, under a lock on the admins' rows (two admins demoting each other at
 * once: the second waits, sees one admin left, and is refused).
 */
import { redirect } from "@remix-run/node";
import { and, asc, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { getDb, type Db } from "~/db/client.server";
import { auditLog, staff, staffSessions, staffStudios, studios } from "~/db/schema";
import { readFormPost, rejected, textValues, validateForm, type FieldErrors } from "~/flow/forms.server";
import { appendAudit } from "~/platform/audit.server";
import { formatShortDateTime } from "~/rules/zoned-time";
import { consoleWords, inviteSchema, memberSchema } from "./schemas.server";
import { inviteStaff, ROLE_LABELS, type Role, type StaffUser } from "./staff.server";

/** Times on the team and account pages: the console's home zone (staff of several studios read one clock). */
export const CONSOLE_TZ = "America/New_York";

export type MemberState = "active" | "pending" | "expired" | "disabled";
export const STATE_LABELS: Record<MemberState, string> = {
  active: "Set up",
  pending: "Invitation sent",
  expired: "Invitation expired",
  disabled: "Disabled",
};

type StaffRow = typeof staff.$inferSelect;

export function memberState(row: Pick<StaffRow, "activatedAt" | "disabledAt" | "setupExpiresAt">, now: Date): MemberState {
  if (row.disabledAt) return "disabled";
  if (row.activatedAt) return "active";
  return row.setupExpiresAt && row.setupExpiresAt > now ? "pending" : "expired";
}

/** The studios that can be given to staff (virtual consults have no desk). */
export async function assignableStudios(db: Db) {
  return db.select({ slug: studios.slug, name: studios.name }).from(studios).where(eq(studios.isVirtual, false)).orderBy(asc(studios.name));
}

/** Everyone, admins first, with their studios and last sign-in: three queries whatever the team's size. */
export async function listTeam(db: Db, now = new Date()) {
  const [people, assignments, signIns] = await Promise.all([
    db.select().from(staff).orderBy(asc(staff.role), asc(staff.email)),
    db.select({ staffId: staffStudios.staffId, name: studios.name }).from(staffStudios).innerJoin(studios, eq(studios.slug, staffStudios.studioSlug)).orderBy(asc(studios.name)),
    db
      .select({ staffId: auditLog.staffId, at: sql<Date>`max(${auditLog.at})`.mapWith(auditLog.at) })
      .from(auditLog)
      .where(and(eq(auditLog.action, "staff.sign_in"), isNotNull(auditLog.staffId)))
      .groupBy(auditLog.staffId),
  ]);
  const lastSignIn = new Map(signIns.map((s) => [s.staffId, s.at]));
  const order: Record<Role, number> = { admin: 0, manager: 1, front_desk: 2 };
  return people
    .map((p) => {
      const role = p.role as Role;
      const state = memberState(p, now);
      const last = lastSignIn.get(p.id);
      return {
        id: p.id,
        email: p.email,
        role,
        roleLabel: ROLE_LABELS[role],
        studios: role === "admin" ? "Every studio" : assignments.filter((a) => a.staffId === p.id).map((a) => a.name).join(", ") || "None",
        state,
        stateLabel: STATE_LABELS[state],
        lastSignIn: last ? formatShortDateTime(last, CONSOLE_TZ) : null,
      };
    })
    .sort((a, b) => order[a.role] - order[b.role] || a.email.localeCompare(b.email));
}

/** One member for their page, or null (an unknown or malformed id: the route answers 404). */
export async function findMember(db: Db, rawId: string | undefined, now = new Date()) {
  if (!/^\d{1,9}$/.test(rawId ?? "")) return null;
  const [row] = await db.select().from(staff).where(eq(staff.id, Number(rawId)));
  if (!row) return null;
  const slugs = (await db.select({ slug: staffStudios.studioSlug }).from(staffStudios).where(eq(staffStudios.staffId, row.id))).map((s) => s.slug);
  const state = memberState(row, now);
  return {
    id: row.id,
    email: row.email,
    role: row.role as Role,
    roleLabel: ROLE_LABELS[row.role as Role],
    studios: slugs,
    state,
    stateLabel: STATE_LABELS[state],
    invitationEnds: !row.activatedAt && row.setupExpiresAt ? formatShortDateTime(row.setupExpiresAt, CONSOLE_TZ) : null,
  };
}

export type TeamRefusal = "no_admin_left" | "not_found" | "taken" | "not_pending";
export const TEAM_REFUSALS: Record<TeamRefusal, string> = {
  no_admin_left: "The console needs at least one admin who can sign in. Make someone else an admin first.",
  not_found: "That account no longer exists. Reload the page.",
  taken: "There is already an account for this address. Change it from the team list.",
  not_pending: "This person has already set up their account: there is no invitation to send again.",
};
type Outcome = { ok: true } | { ok: false; code: TeamRefusal };

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * The admins who can sign in (set up, not disabled), their rows locked until the transaction ends: a change that
 * takes one of them away checks, under the lock, that another one stays.
 */
async function lockedAdmins(tx: Tx) {
  const rows = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.role, "admin"), isNull(staff.disabledAt), isNotNull(staff.activatedAt)))
    .orderBy(asc(staff.id))
    .for("update");
  return rows.map((r) => r.id);
}

const by = (user: StaffUser) => ({ id: user.id, email: user.email });

/** A new invitation from the console: the link by email. An address that already has a set-up account is refused. */
export async function inviteFromConsole(user: StaffUser, input: { email: string; role: Role; studios: string[] }): Promise<Outcome> {
  const db = await getDb();
  const [existing] = await db.select({ activatedAt: staff.activatedAt }).from(staff).where(eq(staff.email, input.email));
  if (existing?.activatedAt) return { ok: false, code: "taken" };
  await inviteStaff(db, input, by(user), new Date(), { sendEmail: true });
  return { ok: true };
}

/** A new link for an invitation not yet used (lost, or past its 24 hours); the old link stops working. */
export async function resendInvitation(user: StaffUser, id: number): Promise<Outcome> {
  const db = await getDb();
  const member = await findMember(db, String(id));
  if (!member) return { ok: false, code: "not_found" };
  if (member.state === "active" || member.state === "disabled") return { ok: false, code: "not_pending" };
  await inviteStaff(db, { email: member.email, role: member.role, studios: member.studios }, by(user), new Date(), { sendEmail: true });
  return { ok: true };
}

/** A member's role and studios (an admin's are every studio). Sessions stay: each request reads the role anew. */
export async function updateMember(user: StaffUser, id: number, input: { role: Role; studios: string[] }): Promise<Outcome> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const admins = await lockedAdmins(tx);
    const [before] = await tx.select().from(staff).where(eq(staff.id, id)).for("update");
    if (!before) return { ok: false, code: "not_found" } as const;
    if (input.role !== "admin" && admins.includes(id) && admins.length === 1) return { ok: false, code: "no_admin_left" } as const;
    const studioSlugs = input.role === "admin" ? [] : [...new Set(input.studios)].sort();
    const beforeStudios = (await tx.select({ slug: staffStudios.studioSlug }).from(staffStudios).where(eq(staffStudios.staffId, id))).map((s) => s.slug).sort();
    await tx.update(staff).set({ role: input.role }).where(eq(staff.id, id));
    await tx.delete(staffStudios).where(eq(staffStudios.staffId, id));
    if (studioSlugs.length) await tx.insert(staffStudios).values(studioSlugs.map((studioSlug) => ({ staffId: id, studioSlug })));
    await appendAudit(tx, {
      actor: "staff",
      staff: by(user),
      action: "staff.update",
      before: { email: before.email, role: before.role, studios: beforeStudios },
      after: { email: before.email, role: input.role, studios: studioSlugs },
    });
    return { ok: true } as const;
  });
}

/** Disables (every session ends at once) or re-enables a member. */
export async function setDisabled(user: StaffUser, id: number, disabled: boolean): Promise<Outcome> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const admins = await lockedAdmins(tx);
    const [before] = await tx.select().from(staff).where(eq(staff.id, id)).for("update");
    if (!before) return { ok: false, code: "not_found" } as const;
    if (disabled && admins.includes(id) && admins.length === 1) return { ok: false, code: "no_admin_left" } as const;
    if (Boolean(before.disabledAt) === disabled) return { ok: true } as const;
    await tx.update(staff).set({ disabledAt: disabled ? new Date() : null }).where(eq(staff.id, id));
    if (disabled) await tx.delete(staffSessions).where(eq(staffSessions.staffId, id));
    await appendAudit(tx, {
      actor: "staff",
      staff: by(user),
      action: disabled ? "staff.disable" : "staff.enable",
      before: { email: before.email, disabled: Boolean(before.disabledAt) },
      after: { email: before.email, disabled },
    });
    return { ok: true } as const;
  });
}

/** A staff member's own last sign-ins, newest first (from the audit log). */
export async function lastSignIns(db: Db, staffId: number, limit = 10) {
  const rows = await db
    .select({ at: auditLog.at, after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.staffId, staffId), eq(auditLog.action, "staff.sign_in")))
    .orderBy(desc(auditLog.id))
    .limit(limit);
  return rows.map((r) => ({ at: formatShortDateTime(r.at, CONSOLE_TZ), method: r.after?.method === "recovery" ? "Recovery code" : "Authenticator code" }));
}

/* The team pages (admins only): the list with its invitation form, and a member's page with its forms. */

const notFound = () => new Response("Not found", { status: 404 });

/** Studios given to staff are assignable ones: anything else is refused on the studios field. */
async function onlyAssignableStudios<V extends { studios: string[] }>(value: V): Promise<V | { fieldErrors?: FieldErrors; formErrors?: string[] }> {
  const known = new Set((await assignableStudios(await getDb())).map((s) => s.slug));
  return value.studios.every((s) => known.has(s)) ? value : { fieldErrors: { studios: ["Choose studios from the list."] } };
}

/** What was typed in a role-and-studios form, kept when a valid form is refused. */
const typedMember = (form: FormData) => ({ ...textValues(form, ["email", "role"]), studios: form.getAll("studios").map(String).slice(0, 100) });

export async function teamPage() {
  const db = await getDb();
  const [team, studios] = await Promise.all([listTeam(db), assignableStudios(db)]);
  return { team, studios };
}

/** The invitation form: an address already set up is refused (409). */
export async function inviteFromForm(user: StaffUser, form: FormData) {
  const parsed = await validateForm(form, inviteSchema, consoleWords(), onlyAssignableStudios);
  if (!parsed.ok) return parsed.response;
  const outcome = await inviteFromConsole(user, parsed.value);
  if (!outcome.ok) return rejected(typedMember(form), { email: [TEAM_REFUSALS[outcome.code]] }, { status: 409 });
  throw redirect("/staff/team?done=invited", 303);
}

/** A member's page; an unknown id is a 404 like any other. */
export async function memberPage(user: StaffUser, rawId: string | undefined) {
  const db = await getDb();
  const member = await findMember(db, rawId);
  if (!member) throw notFound();
  return { member, studios: await assignableStudios(db), self: member.id === user.id };
}

/** A member's forms (`intent`): role and studios, disable or enable, a new invitation. */
export async function memberPost(user: StaffUser, rawId: string | undefined, request: Request) {
  const member = await findMember(await getDb(), rawId);
  if (!member) throw notFound();
  const { form } = await readFormPost(request);
  const intent = String(form.get("intent") ?? "");
  const done = (what: string) => redirect(`/staff/team/${member.id}?done=${what}`, 303);
  const refused = (values: Record<string, unknown>, message: string) => rejected(values, { "": [message] }, { intent, status: 409 });
  if (intent === "update") {
    const parsed = await validateForm(form, memberSchema, consoleWords(), onlyAssignableStudios, { intent });
    if (!parsed.ok) return parsed.response;
    const outcome = await updateMember(user, member.id, parsed.value);
    if (!outcome.ok) return refused(typedMember(form), TEAM_REFUSALS[outcome.code]);
    throw done("updated");
  }
  if (intent === "disable" || intent === "enable") {
    const outcome = await setDisabled(user, member.id, intent === "disable");
    if (!outcome.ok) return refused({}, TEAM_REFUSALS[outcome.code]);
    throw done(intent === "disable" ? "disabled" : "enabled");
  }
  if (intent === "resend") {
    const outcome = await resendInvitation(user, member.id);
    if (!outcome.ok) return refused({}, TEAM_REFUSALS[outcome.code]);
    throw done("resent");
  }
  return rejected({}, { "": ["Reload the page and try again."] }, { intent });
}
