/**
 * /profile's server side (decision 069): the account's part of the page (details, comfort choices, texts, sessions,
 * family) and its forms, one `intent` each, read with the form kit. The page's recalls and waitlist entries come
 * from their own features (the route puts the three together: features do not import each other).
 */
import { redirect } from "@remix-run/node";
import { z } from "zod/v4";
import { changePassword, newPasswordProblem, requestEmailChange } from "~/auth/accounts.server";
import { PRIVATE_PAGE } from "~/auth/headers";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/auth/passwords.server";
import { RateLimited } from "~/auth/rate-limit.server";
import { emailField, passwordField } from "~/auth/schemas.server";
import { activeSessions, endSessions, type Patient } from "~/auth/sessions.server";
import { getDb } from "~/db/client.server";
import { clientIp, readFormPost, rejected, tooMany, validateForm } from "~/flow/forms.server";
import { dateOfBirthField, personNameField, phoneField } from "~/flow/person-fields.server";
import { i18nOf } from "~/i18n/locale.server";
import { msg } from "~/i18n/translate";
import { joinDateParts } from "~/platform/form-data.server";
import { FLAVORS, SHOWS } from "~/rules/comfort-preferences";
import { deviceLabel, lastSeenLabel } from "~/rules/device";
import { marketTimezone } from "~/rules/markets";
import { formatPhone, normalizePhone } from "~/rules/phone";
import { formatLocalDate, localToday } from "~/rules/zoned-time";
import { setTexts, textsOverview } from "~/sms/consent.server";
import { accountPatient } from "~/scheduling/visits.server";
import { familyNotice, familyOverview } from "./family.server";
import { accountVisitRows, comfortOf, saveComfort, saveDetails } from "./profile.server";
import { hasSavedCards } from "./saved-cards.server";

const INTENTS = ["details", "comfort", "texts", "textsOff", "email", "password", "sessions"] as const;
export type ProfileIntent = (typeof INTENTS)[number];

function detailsSchema(today: string) {
  return z.object({
    firstName: personNameField("first name"),
    lastName: personNameField("last name"),
    phone: phoneField.transform((v) => normalizePhone(v)!),
    dateOfBirth: dateOfBirthField(today),
  });
}

/** An empty choice is "decide at the visit". */
const choice = (values: readonly { value: string }[], message: string) =>
  z.union([z.literal(""), z.enum(values.map((v) => v.value) as [string, ...string[]])], message).optional();

const comfortSchema = z.object({
  flavor: choice(FLAVORS, msg("account.comfort.flavorInvalid")),
  show: choice(SHOWS, msg("account.comfort.showInvalid")),
});

const emailChangeSchema = z.object({ newEmail: emailField, emailPassword: passwordField });

const passwordChangeSchema = z.object({
  currentPassword: passwordField,
  newPassword: z
    .string(msg("account.errors.newPasswordRequired"))
    .min(1, msg("account.errors.newPasswordRequired"))
    .max(PASSWORD_MAX * 4, msg("account.errors.passwordTooLong", { max: PASSWORD_MAX })),
});

/** What a successful post says when the page comes back (a fixed word in the URL, never a value). */
const DONE: Record<ProfileIntent, string> = {
  details: "account.profile.done.details",
  comfort: "account.profile.done.comfort",
  texts: "account.sms.done",
  textsOff: "account.sms.done",
  email: "account.profile.done.email",
  password: "account.profile.done.password",
  sessions: "account.profile.done.sessions",
};
/** The comfort choices' words (the rule keeps only the values). */
const CHOICE_LABELS: Record<string, string> = {
  mint: "account.comfort.flavor.mint",
  cherry: "account.comfort.flavor.cherry",
  bubblegum: "account.comfort.flavor.bubblegum",
  unflavored: "account.comfort.flavor.unflavored",
  comedy: "account.comfort.show.comedy",
  documentary: "account.comfort.show.documentary",
  drama: "account.comfort.show.drama",
  nature: "account.comfort.show.nature",
  none: "account.comfort.show.none",
  "": "account.comfort.skip",
};
const RECORD_TAKEN = "account.profile.recordTaken";
const isIntent = (value: unknown): value is ProfileIntent => (INTENTS as readonly unknown[]).includes(value);

/** The account's part of /profile: its visits, details, comfort choices, texts, live sessions and family. */
export async function profileAccountPart(request: Request, patient: Patient, now: Date) {
  const { locale, t } = i18nOf(request);
  const db = await getDb();
  const [record, visits, sessions, family] = await Promise.all([
    accountPatient(db, patient.personId),
    accountVisitRows(patient.personId, now, undefined, locale),
    activeSessions(db, patient.personId, now),
    familyOverview(patient.personId, now, t, locale),
  ]);
  const query = new URL(request.url).searchParams;
  const done = query.get("done");
  const comfort = comfortOf(record);
  const texts = await textsOverview(db, record);
  return {
    email: patient.email,
    firstName: record?.firstName || patient.name.split(/\s+/)[0] || "",
    details: record
      ? { firstName: record.firstName, lastName: record.lastName, phone: record.phone ? formatPhone(record.phone) : "", dateOfBirth: record.dateOfBirth ?? "" }
      : { firstName: patient.name.split(/\s+/)[0] ?? "", lastName: patient.name.split(/\s+/).slice(1).join(" "), phone: "", dateOfBirth: "" },
    comfort: { flavor: comfort.flavor ?? "", show: comfort.show ?? "" },
    texts: {
      hasPhone: texts.hasPhone,
      on: texts.on,
      stopped: texts.stopped,
      status: texts.on && record ? t("account.sms.on", { phone: formatPhone(record.phone), date: formatLocalDate(texts.since!, marketTimezone(null), locale) }) : t("account.sms.off"),
    },
    upcoming: visits.upcoming,
    past: visits.past,
    sessions: sessions
      .map((s) => ({ device: deviceLabel(s.userAgent, t), lastSeen: lastSeenLabel(s.lastSeenAt, now, t), current: s.idHash === patient.sessionIdHash }))
      .sort((a, b) => Number(b.current) - Number(a.current)), // this device first
    done: isIntent(done) ? done : null,
    // Said here, not in the page's script: the words stay out of the browser's JavaScript (the 100 KB budget).
    notice: isIntent(done) ? t(DONE[done]) : null,
    flavors: [...FLAVORS, { value: "" }].map((f) => ({ value: f.value, label: t(CHOICE_LABELS[f.value]) })),
    shows: [...SHOWS, { value: "" }].map((f) => ({ value: f.value, label: t(CHOICE_LABELS[f.value]) })),
    passwordMin: PASSWORD_MIN,
    family,
    familyNotice: familyNotice(query.get("family")),
    cards: (await hasSavedCards(patient.personId)) ? t("account.cards.manage") : null,
    // The data-rights pages (issue 41): worded here and drawn by one loop, so a link adds no client code (96 KB).
    links: ["data", "consents", "close"].map((page) => ({ to: `/profile/${page}`, label: t(`account.${page}.link`) })),
  };
}

/** After a saved form: the page again (a GET), at that form, saying it worked. */
const saved = (intent: ProfileIntent) => redirect(`/profile?done=${intent}#${intent}`, { status: 303, headers: PRIVATE_PAGE });

/** The page's forms, told apart by `intent`: a saved form goes back to the page (303), a refused one is a 400. */
export async function profileAction(request: Request, patient: Patient, context: { clientIp?: unknown }) {
  const { locale, t } = i18nOf(request);
  const { form } = await readFormPost(request);
  const intent = form.get("intent");
  if (!isIntent(intent)) return rejected({}, { "": ["account.errors.notSent"] }, { intent: null, t });
  const answer = (result: { ok: true } | { ok: false; response: Response }) => (result.ok ? saved(intent) : result.response);
  try {
    switch (intent) {
      case "details": {
        joinDateParts(form, "dateOfBirth");
        const keep = ["firstName", "lastName", "phone", "dateOfBirth", "dateOfBirthMonth", "dateOfBirthDay", "dateOfBirthYear"];
        const schema = detailsSchema(localToday(new Date(), marketTimezone(null)));
        return answer(await validateForm(form, schema, t, async (details) => ((await saveDetails(patient, details)) ? details : { formErrors: [RECORD_TAKEN] }), { intent, keep }));
      }
      case "comfort": {
        const choose = async ({ flavor, show }: z.output<typeof comfortSchema>) => ((await saveComfort(patient, { flavor: flavor || undefined, show: show || undefined })) ? { flavor } : { formErrors: [RECORD_TAKEN] });
        return answer(await validateForm(form, comfortSchema, t, choose, { intent, keep: ["flavor", "show"] }));
      }
      case "texts":
      case "textsOff": {
        const db = await getDb();
        const record = await accountPatient(db, patient.personId);
        const on = intent === "texts" && form.get("sms") === "on";
        if (!record || !(await setTexts(db, record, on, new Date()))) return rejected({}, { "": ["account.sms.noPhone"] }, { intent, t });
        return saved(intent);
      }
      case "email": {
        // The same answer whether or not the new address has an account (requestEmailChange emails either way).
        const change = async ({ newEmail, emailPassword }: z.output<typeof emailChangeSchema>) =>
          (await requestEmailChange(patient, { password: emailPassword, newEmail }, clientIp(context), locale)) ? { newEmail } : { fieldErrors: { emailPassword: ["account.errors.passwordNotRight"] } };
        return answer(await validateForm(form, emailChangeSchema, t, change, { intent, keep: ["newEmail"] }));
      }
      case "password": {
        const change = async (value: z.output<typeof passwordChangeSchema>) => {
          const problem = await newPasswordProblem(value.newPassword, patient.email, locale);
          if (problem) return { fieldErrors: { newPassword: [problem] } };
          if (!(await changePassword(patient, value, clientIp(context), locale))) return { fieldErrors: { currentPassword: ["account.errors.passwordNotRight"] } };
          return { changed: true };
        };
        return answer(await validateForm(form, passwordChangeSchema, t, change, { intent, keep: [] }));
      }
      case "sessions": {
        await endSessions(await getDb(), patient.personId, patient.sessionIdHash);
        return saved(intent);
      }
    }
  } catch (error) {
    if (error instanceof RateLimited) return tooMany(error, {}, { intent, t });
    throw error;
  }
}
