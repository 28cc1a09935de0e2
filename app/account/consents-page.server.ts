/**
 * `/profile/consents` (issue 41 C, decision 079): what the account agreed to, in one place — for its own record and
 * each family member it holds (their consents are kept on the member's row): texts (the number, when, how, by
 * whom), recall emails, and what the visit reminders and marketing are. Each consent withdrawn at once by its own
 * post; every change in the audit log, and the texts' history (every given and withdrawn row) shown on the page.
 */
import { and, desc, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { json, redirect } from "@remix-run/node";
import { z } from "zod/v4";
import { PRIVATE_PAGE } from "~/auth/headers";
import { requirePatient } from "~/auth/sessions.server";
import { getDb, type Db } from "~/db/client.server";
import { patients, smsConsents, smsNumbers, staff } from "~/db/schema";
import { readFormPost, rejected, validateForm } from "~/flow/forms.server";
import { i18nOf } from "~/i18n/locale.server";
import { msg } from "~/i18n/translate";
import { appendAudit } from "~/platform/audit.server";
import { marketTimezone } from "~/rules/markets";
import { formatPhone } from "~/rules/phone";
import { formatLocalDate } from "~/rules/zoned-time";
import { withdrawConsent } from "~/sms/consent.server";

/** The account's own record and the family members it holds (not removed ones' closed rows); the data export's too. */
export async function accountRecords(db: Pick<Db, "select">, personId: number) {
  return db
    .select()
    .from(patients)
    .where(and(or(eq(patients.personId, personId), eq(patients.familyOfPersonId, personId)), isNull(patients.closedAt)))
    .orderBy(sql`${patients.familyOfPersonId} is not null`, patients.id);
}

type ConsentRecord = Pick<typeof patients.$inferSelect, "id" | "recallOptedOutAt" | "recallOptedOutVia">;

/**
 * What each record agreed to, read where each consent lives (decision 079): every text consent row (newest first,
 * the desk staff member's work address), a STOP on the live number, and the recall emails' state. The consents page
 * words it; the data export (decision 080) writes it as it is.
 */
export async function consentFacts(db: Pick<Db, "select">, records: ConsentRecord[]) {
  const ids = records.map((r) => r.id);
  const history = ids.length
    ? await db
        .select({ row: smsConsents, staffEmail: staff.email })
        .from(smsConsents)
        .leftJoin(staff, eq(staff.id, smsConsents.givenByStaffId))
        .where(inArray(smsConsents.patientId, ids))
        .orderBy(desc(smsConsents.givenAt), desc(smsConsents.id))
    : [];
  const phones = [...new Set(history.map((h) => h.row.phone))];
  const stopped = phones.length ? await db.select().from(smsNumbers).where(inArray(smsNumbers.phone, phones)) : [];
  return records.map((r) => {
    const rows = history.filter((h) => h.row.patientId === r.id).map((h) => ({ ...h.row, staffEmail: h.staffEmail }));
    const live = rows.find((h) => !h.withdrawnAt) ?? null;
    const stoppedAt = (live && stopped.find((s) => s.phone === live.phone && s.stoppedAt)?.stoppedAt) || null;
    return { patientId: r.id, texts: { live, stoppedAt, history: rows }, recall: { on: !r.recallOptedOutAt, offSince: r.recallOptedOutAt, via: r.recallOptedOutVia } };
  });
}

const GIVEN_VIA: Record<string, string> = {
  booking: "account.consents.via.booking",
  profile: "account.consents.via.profile",
  keyword: "account.consents.via.keyword",
  desk: "account.consents.via.desk",
};
const WITHDRAWN_VIA: Record<string, string> = { profile: "account.consents.via.profileOff", keyword: "account.consents.via.stop" };
const RECALL_VIA: Record<string, string> = {
  email_link: "account.consents.recall.viaLink",
  profile: "account.consents.recall.viaProfile",
  account_closed: "account.consents.recall.viaClosed",
};

export async function consentsPage(request: Request) {
  const patient = await requirePatient(request);
  const { t, locale } = i18nOf(request);
  const db = await getDb();
  const records = await accountRecords(db, patient.personId);
  const facts = await consentFacts(db, records);
  const date = (d: Date) => formatLocalDate(d, marketTimezone(null), locale);
  const how = (via: string, staffEmail: string | null) => t(GIVEN_VIA[via] ?? GIVEN_VIA.profile, { staff: staffEmail ?? t("account.consents.aStaffMember") });
  const done = new URL(request.url).searchParams.get("done");
  return json(
    {
      notice: done && DONE.includes(done) ? t(`account.consents.done.${done}`) : null,
      people: records.map((r, i) => {
        const { live, stoppedAt, history: rows } = facts[i].texts;
        return {
          id: r.id,
          name: `${r.firstName} ${r.lastName}`.trim() || t("account.consents.you"),
          member: r.familyOfPersonId !== null,
          texts: live
            ? {
                on: !stoppedAt,
                line: t("account.consents.texts.on", { phone: formatPhone(live.phone.slice(2)), date: date(live.givenAt), how: how(live.givenVia, live.staffEmail) }),
                stopped: stoppedAt ? t("account.consents.texts.stopped", { date: date(stoppedAt) }) : null,
              }
            : { on: false, line: t("account.consents.texts.off"), stopped: null },
          textsHistory: rows.map((h) => ({
            key: h.id,
            given: t("account.consents.history.given", { phone: formatPhone(h.phone.slice(2)), date: date(h.givenAt), how: how(h.givenVia, h.staffEmail) }),
            withdrawn: h.withdrawnAt ? t("account.consents.history.withdrawn", { date: date(h.withdrawnAt), how: t(WITHDRAWN_VIA[h.withdrawnVia ?? "profile"]) }) : null,
          })),
          recall: r.recallOptedOutAt
            ? { on: false, line: t("account.consents.recall.off", { date: date(r.recallOptedOutAt), how: t(r.recallOptedOutVia ? RECALL_VIA[r.recallOptedOutVia] : "account.consents.recall.viaUnknown") }) }
            : { on: true, line: t("account.consents.recall.on") },
          reminders: r.reminderEmailsOffAt
            ? { on: false, line: t("account.consents.reminders.off", { date: date(r.reminderEmailsOffAt) }) }
            : { on: true, line: t("account.consents.reminders.on") },
        };
      }),
    },
    { headers: PRIVATE_PAGE },
  );
}

const DONE = ["texts", "recall", "remindersOff", "remindersOn"];

/** Each post's change: a withdrawal, or the reminder emails (a preference of a booked visit's, not a consent) on again. */
const INTENTS = {
  textsOff: { done: "texts", audit: "consents.texts_withdrawn" },
  recallOff: { done: "recall", audit: "consents.recall_stopped" },
  remindersOff: { done: "remindersOff", audit: "consents.reminders_stopped" },
  remindersOn: { done: "remindersOn", audit: "consents.reminders_resumed" },
} as const;

const schema = z.object({
  intent: z.enum(["textsOff", "recallOff", "remindersOff", "remindersOn"], msg("account.errors.notSent")),
  record: z.coerce.number(msg("account.errors.notSent")).int(msg("account.errors.notSent")).positive(msg("account.errors.notSent")),
});

/** A withdrawal: the record must be the account's own or a member it holds; withdrawn at once, audited, the page again. */
export async function consentsAction(request: Request) {
  const patient = await requirePatient(request);
  const { t } = i18nOf(request);
  const { form } = await readFormPost(request);
  const db = await getDb();
  const result = await validateForm(form, schema, t, undefined, { keep: [], headers: PRIVATE_PAGE, errors: () => ({ "": ["account.errors.notSent"] }) });
  if (!result.ok) return result.response;
  const { intent, record } = result.value;
  const records = await accountRecords(db, patient.personId);
  if (!records.some((r) => r.id === record)) return rejected({}, { "": ["account.errors.notSent"] }, { t, headers: PRIVATE_PAGE });
  const now = new Date();
  await db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    if (intent === "textsOff") {
      const [live] = await tx.select({ id: smsConsents.id }).from(smsConsents).where(and(eq(smsConsents.patientId, record), isNull(smsConsents.withdrawnAt)));
      if (!live) return;
      await withdrawConsent(tx, record, now);
    } else if (intent === "recallOff") {
      const [row] = await tx.update(patients).set({ recallOptedOutAt: now, recallOptedOutVia: "profile" }).where(and(eq(patients.id, record), isNull(patients.recallOptedOutAt))).returning({ id: patients.id });
      if (!row) return;
    } else {
      const off = intent === "remindersOff";
      const [row] = await tx
        .update(patients)
        .set({ reminderEmailsOffAt: off ? now : null })
        .where(and(eq(patients.id, record), off ? isNull(patients.reminderEmailsOffAt) : isNotNull(patients.reminderEmailsOffAt)))
        .returning({ id: patients.id });
      if (!row) return;
    }
    await appendAudit(tx, { actor: "patient", action: INTENTS[intent].audit, after: { patientId: record, via: "profile" }, at: now });
  });
  return redirect(`/profile/consents?done=${INTENTS[intent].done}`, { status: 303, headers: PRIVATE_PAGE });
}
