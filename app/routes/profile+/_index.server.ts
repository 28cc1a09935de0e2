import { json, redirect } from "@remix-run/node";
import { z } from "zod/v4";
import { familyNotice, familyOverview } from "~/account/family.server";
import { accountVisitRows, comfortOf, saveComfort, saveDetails } from "~/account/profile.server";
import { changePassword, newPasswordProblem, requestEmailChange } from "~/auth/accounts.server";
import { clientIp, fieldErrors, readFormPost, rejected, textValues, tooMany } from "~/flow/forms.server";
import { RateLimited } from "~/auth/rate-limit.server";
import { emailField, passwordField } from "~/auth/schemas.server";
import { PRIVATE_PAGE } from "~/auth/headers";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/auth/passwords.server";
import { activeSessions, endSessions, requirePatient } from "~/auth/sessions.server";
import { dateOfBirthField, personNameField, phoneField } from "~/booking/person-fields.server";
import { getDb } from "~/db/client.server";
import { i18nOf } from "~/i18n/locale.server";
import { msg, type T } from "~/i18n/translate";
import { joinDateParts } from "~/platform/form-data.server";
import { FLAVORS, SHOWS } from "~/rules/comfort-preferences";
import { deviceLabel, lastSeenLabel } from "~/rules/device";
import { marketTimezone } from "~/rules/markets";
import { formatPhone, normalizePhone } from "~/rules/phone";
import { localToday } from "~/rules/zoned-time";
import { accountPatient } from "~/scheduling/visits.server";
import { accountRecalls } from "~/recall/recall.server";
import { accountEntries } from "~/waitlist/entries.server";

/** /profile's server side: its forms (one `intent` each; zod stays on the server), its loader and action. */
const INTENTS = ["details", "comfort", "email", "password", "sessions"] as const;
export type Intent = (typeof INTENTS)[number];

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

type Errors = Record<string, string[]>;

/** A form of the page again, with its intent so the page shows the messages beside the right form (400). */
const refused = (intent: Intent | null, values: Record<string, string>, error: Errors, init: { status?: number; headers?: HeadersInit } = {}) =>
  rejected(values, error, { ...init, intent });

const tooManyTries = (intent: Intent, error: RateLimited, t: T) => tooMany(error, {}, { intent, t });

/** What a successful post says when the page comes back (a fixed word in the URL, never a value). */
const DONE: Record<Intent, string> = {
  details: "account.profile.done.details",
  comfort: "account.profile.done.comfort",
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
const isIntent = (value: unknown): value is Intent => (INTENTS as readonly unknown[]).includes(value);

/** The page: the account's visits, details, comfort choices and live sessions. */
export async function profilePage(request: Request) {
  const patient = await requirePatient(request);
  const { locale, t } = i18nOf(request);
  const db = await getDb();
  const now = new Date();
  const [record, visits, sessions, recalls, waitlist, family] = await Promise.all([
    accountPatient(db, patient.personId),
    accountVisitRows(patient.personId, now, undefined, locale),
    activeSessions(db, patient.personId, now),
    accountRecalls(db, patient.personId, now, locale),
    accountEntries(db, patient, now, locale),
    familyOverview(patient.personId, now, t, locale),
  ]);
  const done = new URL(request.url).searchParams.get("done");
  const comfort = comfortOf(record);
  return json(
    {
      email: patient.email,
      firstName: record?.firstName || patient.name.split(/\s+/)[0] || "",
      details: record
        ? { firstName: record.firstName, lastName: record.lastName, phone: record.phone ? formatPhone(record.phone) : "", dateOfBirth: record.dateOfBirth ?? "" }
        : { firstName: patient.name.split(/\s+/)[0] ?? "", lastName: patient.name.split(/\s+/).slice(1).join(" "), phone: "", dateOfBirth: "" },
      comfort: { flavor: comfort.flavor ?? "", show: comfort.show ?? "" },
      upcoming: visits.upcoming,
      past: visits.past,
      recalls,
      sessions: sessions
        .map((s) => ({ device: deviceLabel(s.userAgent, t), lastSeen: lastSeenLabel(s.lastSeenAt, now, t), current: s.idHash === patient.sessionIdHash }))
        .sort((a, b) => Number(b.current) - Number(a.current)), // this device first
      done: isIntent(done) ? done : null,
      // Said here, not in the page's script: the words stay out of the browser's JavaScript (the 100 KB budget).
      notice: isIntent(done) ? t(DONE[done]) : null,
      flavors: [...FLAVORS, { value: "" }].map((f) => ({ value: f.value, label: t(CHOICE_LABELS[f.value]) })),
      shows: [...SHOWS, { value: "" }].map((f) => ({ value: f.value, label: t(CHOICE_LABELS[f.value]) })),
      passwordMin: PASSWORD_MIN,
      waitlist: { entries: waitlist, left: new URL(request.url).searchParams.get("waitlist") === "left" },
      family,
      familyNotice: familyNotice(new URL(request.url).searchParams.get("family")),
    },
    { headers: PRIVATE_PAGE },
  );
}

/** After a saved form: the page again (a GET), at that form, saying it worked. */
const saved = (intent: Intent) => redirect(`/profile?done=${intent}#${intent}`, { status: 303, headers: PRIVATE_PAGE });

/** The page's forms, told apart by `intent`: a saved form goes back to the page (303), a refused one is a 400. */
export async function profileAction(request: Request, context: { clientIp?: unknown }) {
  const patient = await requirePatient(request);
  const { locale, t } = i18nOf(request);
  const { form } = await readFormPost(request);
  const intent = form.get("intent");
  try {
    switch (intent) {
      case "details": {
        joinDateParts(form, "dateOfBirth");
        const values = textValues(form, ["firstName", "lastName", "phone", "dateOfBirth", "dateOfBirthMonth", "dateOfBirthDay", "dateOfBirthYear"]);
        const parsed = detailsSchema(localToday(new Date(), marketTimezone(null))).safeParse(Object.fromEntries(form));
        if (!parsed.success) return refused(intent, values, fieldErrors(parsed.error, t));
        if (!(await saveDetails(patient, parsed.data))) return refused(intent, values, { "": [t(RECORD_TAKEN)] });
        return saved(intent);
      }
      case "comfort": {
        const values = textValues(form, ["flavor", "show"]);
        const parsed = comfortSchema.safeParse(Object.fromEntries(form));
        if (!parsed.success) return refused(intent, values, fieldErrors(parsed.error, t));
        if (!(await saveComfort(patient, { flavor: parsed.data.flavor || undefined, show: parsed.data.show || undefined }))) return refused(intent, values, { "": [t(RECORD_TAKEN)] });
        return saved(intent);
      }
      case "email": {
        const values = textValues(form, ["newEmail"]);
        const parsed = emailChangeSchema.safeParse(Object.fromEntries(form));
        if (!parsed.success) return refused(intent, values, fieldErrors(parsed.error, t));
        // The same answer whether or not the new address has an account (requestEmailChange emails either way).
        if (!(await requestEmailChange(patient, { password: parsed.data.emailPassword, newEmail: parsed.data.newEmail }, clientIp(context), locale))) {
          return refused(intent, values, { emailPassword: [t("account.errors.passwordNotRight")] });
        }
        return saved(intent);
      }
      case "password": {
        const parsed = passwordChangeSchema.safeParse(Object.fromEntries(form));
        if (!parsed.success) return refused(intent, {}, fieldErrors(parsed.error, t));
        const problem = await newPasswordProblem(parsed.data.newPassword, patient.email, locale);
        if (problem) return refused(intent, {}, { newPassword: [problem] });
        if (!(await changePassword(patient, parsed.data, clientIp(context), locale))) return refused(intent, {}, { currentPassword: [t("account.errors.passwordNotRight")] });
        return saved(intent);
      }
      case "sessions": {
        await endSessions(await getDb(), patient.personId, patient.sessionIdHash);
        return saved(intent);
      }
      default:
        return refused(null, {}, { "": [t("account.errors.notSent")] });
    }
  } catch (error) {
    if (error instanceof RateLimited && isIntent(intent)) return tooManyTries(intent, error, t);
    throw error;
  }
}

const RECORD_TAKEN = "account.profile.recordTaken";
