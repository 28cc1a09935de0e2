import { json, redirect } from "@remix-run/node";
import { z } from "zod/v4";
import { familyNotice, familyOverview } from "~/account/family.server";
import { accountVisitRows, comfortOf, saveComfort, saveDetails } from "~/account/profile.server";
import { changePassword, newPasswordProblem, requestEmailChange } from "~/auth/accounts.server";
import { clientIp, emailField, fieldErrors, passwordField, RateLimited, readAuthForm, textValues } from "~/auth/forms.server";
import { i18nOf } from "~/i18n/locale.server";
import { localizeReply } from "~/i18n/translate";
import { PRIVATE_PAGE } from "~/auth/headers";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/auth/passwords.server";
import { activeSessions, endSessions, requirePatient } from "~/auth/sessions.server";
import { dateOfBirthField, personNameField, phoneField } from "~/booking/person-fields.server";
import { getDb } from "~/db/client.server";
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
  flavor: choice(FLAVORS, "Choose one of the flavors."),
  show: choice(SHOWS, "Choose one of the shows."),
});

const emailChangeSchema = z.object({ newEmail: emailField, emailPassword: passwordField });

const passwordChangeSchema = z.object({
  currentPassword: passwordField,
  newPassword: z.string("Enter a new password.").min(1, "Enter a new password.").max(PASSWORD_MAX * 4, `Use at most ${PASSWORD_MAX} characters.`),
});

type Errors = Record<string, string[]>;

/** A form of the page again, with its intent so the page shows the messages beside the right form (400). */
function refused(intent: Intent | null, values: Record<string, string>, error: Errors, init: { status?: number; headers?: HeadersInit } = {}) {
  return json({ intent, status: "error" as const, initialValue: values, error }, { status: init.status ?? 400, headers: init.headers });
}

function tooManyTries(intent: Intent, error: RateLimited, values: Record<string, string> = {}) {
  const minutes = Math.ceil(error.retryAfterSeconds / 60);
  return refused(intent, values, { "": [`Too many attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`] }, { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } });
}

/** What a successful post says when the page comes back (a fixed word in the URL, never a value). */
const DONE: Record<Intent, string> = {
  details: "Your details are saved.",
  comfort: "Your comfort preferences are saved.",
  email: "If that address can be used for your account, we’ve sent a link to it. Open it within 10 minutes to confirm the change; until then, keep using your current address.",
  password: "Your password is changed. Every other device was logged out, and we emailed you a note.",
  sessions: "Every other device was logged out.",
};
const isIntent = (value: unknown): value is Intent => (INTENTS as readonly unknown[]).includes(value);

/** The page: the account's visits, details, comfort choices and live sessions. */
export async function profilePage(request: Request) {
  const patient = await requirePatient(request);
  const db = await getDb();
  const now = new Date();
  const [record, visits, sessions, recalls, waitlist, family] = await Promise.all([
    accountPatient(db, patient.personId),
    accountVisitRows(patient.personId, now),
    activeSessions(db, patient.personId, now),
    accountRecalls(db, patient.personId, now),
    accountEntries(db, patient, now),
    familyOverview(patient.personId, now),
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
        .map((s) => ({ device: deviceLabel(s.userAgent), lastSeen: lastSeenLabel(s.lastSeenAt, now), current: s.idHash === patient.sessionIdHash }))
        .sort((a, b) => Number(b.current) - Number(a.current)), // this device first
      done: isIntent(done) ? done : null,
      // Said here, not in the page's script: the words stay out of the browser's JavaScript (the 100 KB budget).
      notice: isIntent(done) ? DONE[done] : null,
      flavors: [...FLAVORS.map((f) => ({ value: f.value, label: f.label })), SKIP],
      shows: [...SHOWS.map((f) => ({ value: f.value, label: f.label })), SKIP],
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
  const { form } = await readAuthForm(request, { publicForm: false });
  const intent = form.get("intent");
  try {
    switch (intent) {
      case "details": {
        joinDateParts(form, "dateOfBirth");
        const values = textValues(form, ["firstName", "lastName", "phone", "dateOfBirth", "dateOfBirthMonth", "dateOfBirthDay", "dateOfBirthYear"]);
        const parsed = detailsSchema(localToday(new Date(), marketTimezone(null))).safeParse(Object.fromEntries(form));
        // The person fields' messages are catalogue keys (booking/person-fields.server.ts): worded for the reader.
        if (!parsed.success) return refused(intent, values, localizeReply({ error: fieldErrors(parsed.error) }, i18nOf(request).t).error);
        if (!(await saveDetails(patient, parsed.data))) return refused(intent, values, { "": [RECORD_TAKEN] });
        return saved(intent);
      }
      case "comfort": {
        const values = textValues(form, ["flavor", "show"]);
        const parsed = comfortSchema.safeParse(Object.fromEntries(form));
        if (!parsed.success) return refused(intent, values, fieldErrors(parsed.error));
        if (!(await saveComfort(patient, { flavor: parsed.data.flavor || undefined, show: parsed.data.show || undefined }))) return refused(intent, values, { "": [RECORD_TAKEN] });
        return saved(intent);
      }
      case "email": {
        const values = textValues(form, ["newEmail"]);
        const parsed = emailChangeSchema.safeParse(Object.fromEntries(form));
        if (!parsed.success) return refused(intent, values, fieldErrors(parsed.error));
        // The same answer whether or not the new address has an account (requestEmailChange emails either way).
        if (!(await requestEmailChange(patient, { password: parsed.data.emailPassword, newEmail: parsed.data.newEmail }, clientIp(context)))) {
          return refused(intent, values, { emailPassword: ["That password is not right."] });
        }
        return saved(intent);
      }
      case "password": {
        const parsed = passwordChangeSchema.safeParse(Object.fromEntries(form));
        if (!parsed.success) return refused(intent, {}, fieldErrors(parsed.error));
        const problem = await newPasswordProblem(parsed.data.newPassword, patient.email);
        if (problem) return refused(intent, {}, { newPassword: [problem] });
        if (!(await changePassword(patient, parsed.data, clientIp(context)))) return refused(intent, {}, { currentPassword: ["That password is not right."] });
        return saved(intent);
      }
      case "sessions": {
        await endSessions(await getDb(), patient.personId, patient.sessionIdHash);
        return saved(intent);
      }
      default:
        return refused(null, {}, { "": ["This form could not be sent. Please reload the page and try again."] });
    }
  } catch (error) {
    if (error instanceof RateLimited && isIntent(intent)) return tooManyTries(intent, error);
    throw error;
  }
}

const RECORD_TAKEN = "We couldn’t save this to your patient record. Please call your studio and we’ll sort it out.";
const SKIP = { value: "", label: "Decide at the visit" };
