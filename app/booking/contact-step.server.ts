import { readFormPost } from "~/flow/forms.server";
import { z } from "zod/v4";
import { dateOfBirthField, nameMessages, personNameField, phoneField, type NameLabel } from "~/flow/person-fields.server";
import { ageOn, ADULT_AGE } from "~/rules/age";
import { FLAVORS, SHOWS } from "~/rules/comfort-preferences";
import { json } from "@remix-run/node";
import { FLAVOR_LABELS, SHOW_LABELS } from "./comfort-labels";
import { accountContact } from "./returning.server";
import { bookingCookie, openStep, submitStep } from "./step.server";
import { marketTimezone } from "~/rules/markets";
import { formatPhone, normalizePhone } from "~/rules/phone";
import { joinDateParts } from "~/platform/form-data.server";
import { REQUIRED_PREFERENCES } from "~/rules/needs-insurance";
import { i18nOf } from "~/i18n/locale.server";
import { localToday } from "~/rules/zoned-time";

// The booking cookie's bound on a name (booking/state.ts): 100 bytes.
const name = (label: NameLabel) =>
  personNameField(label).refine((v) => new TextEncoder().encode(v).length <= 100, nameMessages(label).tooManyBytes);

function contactSchema(today: string) {
  return z
    .object({
      firstName: name("first name"),
      lastName: name("last name"),
      phone: phoneField,
      dateOfBirth: dateOfBirthField(today),
      guardian: z.literal("on").optional(),
      sms: z.literal("on").optional(),
      flavor: z.enum(FLAVORS.map((f) => f.value) as [string, ...string[]], "booking.errors.flavor").optional(),
      show: z.enum(SHOWS.map((s) => s.value) as [string, ...string[]], "booking.errors.show").optional(),
    })
    .superRefine((v, ctx) => {
      if (v.dateOfBirth <= today && ageOn(v.dateOfBirth, today) < ADULT_AGE && v.guardian !== "on") {
        ctx.addIssue({
          code: "custom",
          path: ["guardian"],
          message: "booking.errors.guardian",
        });
      }
    });
}

/** "Today" for the age rule is the date where the visit happens. */
function todayFor(market: string | undefined): string {
  return localToday(new Date(), marketTimezone(market));
}

/** /booking/contact-info (decision 069): the saved details, or the account's record, and what the visit asks. */
export async function contactStepPage(request: Request) {
  const { state, back, title, opts } = await openStep(request, "contact-info");
  // A logged-in patient starts from their account's record; what they post is checked like anyone's.
  const c = state.contact ?? (opts.account ? await accountContact(opts.account.personId, state.patientFor) : null);
  // Booking for a family member (issue 20 A): their details, and the holder is a dependant's guardian.
  const forMember = typeof state.patientFor === "number" && c ? `${c.firstName} ${c.lastName}`.trim() : null;
  const required = REQUIRED_PREFERENCES[state.serviceType ?? ""] ?? [];
  const { t } = i18nOf(request);
  return json({
    back,
    title,
    accountEmail: opts.account?.email ?? null,
    forMember,
    // An account without family members may add someone from here (the booking then asks who it is for).
    addFamily: opts.account && !opts.account.hasFamily,
    saved: c
      ? {
          firstName: c.firstName,
          lastName: c.lastName,
          phone: formatPhone(c.phone),
          dateOfBirth: c.dateOfBirth,
          // A saved minor's details were confirmed by their guardian (never assumed from the account).
          guardian: (state.contact || forMember) && c.dateOfBirth ? ageOn(c.dateOfBirth, todayFor(state.market)) < ADULT_AGE : false,
          flavor: c.preferences.flavor ?? "",
          show: c.preferences.show ?? "",
          // Never ticked for the patient: only what they ticked on this booking (issue 31 A).
          sms: state.contact?.sms ?? false,
        }
      : null,
    // Spec §5: the comfort preferences matter only where the insurance rule asks for them (a cleaning:
    // flavor and show; whitening: show); other visits are not asked.
    asks: { flavor: required.includes("FLAVOR"), show: required.includes("NETFLIX") },
    flavors: FLAVORS.map((f) => ({ value: f.value, label: t(FLAVOR_LABELS[f.value]) })),
    shows: SHOWS.map((s) => ({ value: s.value, label: t(SHOW_LABELS[s.value]) })),
  });
}

/** The patient's details, read with the step engine (submitStep: the form kit), kept in the booking cookie. */
export async function submitContact(request: Request) {
  const { market } = await bookingCookie().read(request);
  const { form } = await readFormPost(request);
  joinDateParts(form, "dateOfBirth");
  return submitStep(request, "contact-info", contactSchema(todayFor(market)), (v) => ({
    contact: {
      firstName: v.firstName,
      lastName: v.lastName,
      phone: normalizePhone(v.phone)!, // 10 digits, checked by the schema
      dateOfBirth: v.dateOfBirth,
      preferences: { ...(v.flavor ? { flavor: v.flavor } : {}), ...(v.show ? { show: v.show } : {}) },
      ...(v.sms === "on" ? { sms: true } : {}),
    },
  }), form);
}
