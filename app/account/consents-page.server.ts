/**
 * `/profile/consents` (issue 41 C, decision 079): what the account agreed to, in one place — for its own record and
 * each family member it holds (their consents are kept on the member's row): texts (the number, when, how, by
 * whom), recall emails, and what the visit reminders and marketing are. Each consent withdrawn at once by its own
 * post; every change in the audit log, and the texts' history (every given and withdrawn row) shown on the page.
 */
import { and, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
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

/** The account's own record and the family members it holds (not removed ones' closed rows). */
async function recordsOf(db: Pick<Db, "select">, personId: number) {
  return db
    .select()
    .from(patients)
    .where(and(or(eq(patients.personId, personId), eq(patients.familyOfPersonId, personId)), isNull(patients.closedAt)))
    .orderBy(sql`${patients.familyOfPersonId} is not null`, patients.id);
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
  const records = await recordsOf(db, patient.personId);
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
  const date = (d: Date) => formatLocalDate(d, marketTimezone(null), locale);
  const how = (via: string, staffEmail: string | null) => t(GIVEN_VIA[via] ?? GIVEN_VIA.profile, { staff: staffEmail ?? t("account.consents.aStaffMember") });
  const done = new URL(request.url).searchParams.get("done");
  return json(
    {
      notice: done === "texts" || done === "recall" ? t(`account.consents.done.${done}`) : null,
      people: records.map((r) => {
        const rows = history.filter((h) => h.row.patientId === r.id);
        const live = rows.find((h) => !h.row.withdrawnAt);
        const stop = live && stopped.find((s) => s.phone === live.row.phone && s.stoppedAt);
        return {
          id: r.id,
          name: `${r.firstName} ${r.lastName}`.trim() || t("account.consents.you"),
          member: r.familyOfPersonId !== null,
          texts: live
            ? {
                on: !stop,
                line: t("account.consents.texts.on", { phone: formatPhone(live.row.phone.slice(2)), date: date(live.row.givenAt), how: how(live.row.givenVia, live.staffEmail) }),
                stopped: stop ? t("account.consents.texts.stopped", { date: date(stop.stoppedAt!) }) : null,
              }
            : { on: false, line: t("account.consents.texts.off"), stopped: null },
          textsHistory: rows.map((h) => ({
            key: h.row.id,
            given: t("account.consents.history.given", { phone: formatPhone(h.row.phone.slice(2)), date: date(h.row.givenAt), how: how(h.row.givenVia, h.staffEmail) }),
            withdrawn: h.row.withdrawnAt ? t("account.consents.history.withdrawn", { date: date(h.row.withdrawnAt), how: t(WITHDRAWN_VIA[h.row.withdrawnVia ?? "profile"]) }) : null,
          })),
          recall: r.recallOptedOutAt
            ? { on: false, line: t("account.consents.recall.off", { date: date(r.recallOptedOutAt), how: t(r.recallOptedOutVia ? RECALL_VIA[r.recallOptedOutVia] : "account.consents.recall.viaUnknown") }) }
            : { on: true, line: t("account.consents.recall.on") },
        };
      }),
    },
    { headers: PRIVATE_PAGE },
  );
}

const schema = z.object({
  intent: z.enum(["textsOff", "recallOff"], msg("account.errors.notSent")),
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
  const records = await recordsOf(db, patient.personId);
  if (!records.some((r) => r.id === record)) return rejected({}, { "": ["account.errors.notSent"] }, { t, headers: PRIVATE_PAGE });
  const now = new Date();
  await db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    if (intent === "textsOff") {
      const [live] = await tx.select({ id: smsConsents.id }).from(smsConsents).where(and(eq(smsConsents.patientId, record), isNull(smsConsents.withdrawnAt)));
      if (!live) return;
      await withdrawConsent(tx, record, now);
    } else {
      const [row] = await tx.update(patients).set({ recallOptedOutAt: now, recallOptedOutVia: "profile" }).where(and(eq(patients.id, record), isNull(patients.recallOptedOutAt))).returning({ id: patients.id });
      if (!row) return;
    }
    await appendAudit(tx, { actor: "patient", action: intent === "textsOff" ? "consents.texts_withdrawn" : "consents.recall_stopped", after: { patientId: record, via: "profile" }, at: now });
  });
  return redirect(`/profile/consents?done=${intent === "textsOff" ? "texts" : "recall"}`, { status: 303, headers: PRIVATE_PAGE });
}
