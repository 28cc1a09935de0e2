import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ADULT_AGE, ageOn } from "~/rules/age";
import { FLAVORS, SHOWS } from "~/rules/comfort-preferences";
import { contactSchema } from "./contact-info.server";
import { accountContact } from "~/booking/returning.server";
import { bookingCookie, openStep, submitStep } from "~/booking/step.server";
import { marketTimezone } from "~/rules/markets";
import { formatPhone, normalizePhone } from "~/rules/phone";
import { CheckboxField, ChoiceGroup, DateField, StepPage, TextField } from "~/ui/form";
import { joinDateParts, readForm } from "~/platform/form-data.server";
import { REQUIRED_PREFERENCES } from "~/rules/needs-insurance";
import { stepMeta } from "~/ui/step-meta";
import { localToday } from "~/rules/zoned-time";

export const meta = stepMeta;

/** "Today" for the age rule is the date where the visit happens. */
function todayFor(market: string | undefined): string {
  return localToday(new Date(), marketTimezone(market));
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { state, back, title, opts } = await openStep(request, "contact-info");
  // A logged-in patient starts from their account's record; what they post is checked like anyone's.
  const c = state.contact ?? (opts.account ? await accountContact(opts.account.personId, state.patientFor) : null);
  // Booking for a family member (issue 20 A): their details, and the holder is a dependant's guardian.
  const forMember = typeof state.patientFor === "number" && c ? `${c.firstName} ${c.lastName}`.trim() : null;
  const required = REQUIRED_PREFERENCES[state.serviceType ?? ""] ?? [];
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
        }
      : null,
    // Spec §5: the comfort preferences matter only where the insurance rule asks for them (a cleaning:
    // flavor and show; whitening: show); other visits are not asked.
    asks: { flavor: required.includes("FLAVOR"), show: required.includes("NETFLIX") },
    flavors: FLAVORS.map((f) => ({ value: f.value, label: f.label })),
    shows: SHOWS.map((s) => ({ value: s.value, label: s.label })),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { market } = await bookingCookie().read(request);
  const form = await readForm(request);
  joinDateParts(form, "dateOfBirth");
  return submitStep(request, "contact-info", contactSchema(todayFor(market)), (v) => ({
    contact: {
      firstName: v.firstName,
      lastName: v.lastName,
      phone: normalizePhone(v.phone)!, // 10 digits, checked by the schema
      dateOfBirth: v.dateOfBirth,
      preferences: { ...(v.flavor ? { flavor: v.flavor } : {}), ...(v.show ? { show: v.show } : {}) },
    },
  }), form);
}

const SKIP = { value: "", label: "Decide at the visit" };

export default function ContactInfo() {
  const { back, title, saved, flavors, shows, asks, accountEmail, forMember, addFamily } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const intro = (
    <>
      <p className="lead">The patient’s details, as on their ID.</p>
      {forMember ? (
        <p>
          Booking for <span className="visit-for">{forMember}</span>.
        </p>
      ) : null}
      {addFamily ? (
        <p>
          Booking for your child or someone else in your care? <Link to="/profile/family/new?returnTo=/booking/who">Add a family member</Link>
        </p>
      ) : null}
      {accountEmail ? (
        <p>
          We’ll send the confirmation to your account’s email, <strong>{accountEmail}</strong>.
        </p>
      ) : null}
    </>
  );
  return (
    <StepPage title={title} back={back} result={result} values={saved} intro={intro}>
      <TextField name="firstName" label="First name" autoComplete="given-name" />
      <TextField name="lastName" label="Last name" autoComplete="family-name" />
      <TextField
        name="phone"
        label="Mobile number"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        hint="10 digits, for reminders and if we need to reach you."
      />
      <DateField name="dateOfBirth" legend="Date of birth" hint="For example 5 27 1990 (month, day, year)." autoCompletePrefix="bday" />
      <CheckboxField name="guardian" label="I am the patient’s parent or legal guardian" hint="Only needed when the patient is under 18." />
      {asks.flavor || asks.show ? (
        <>
          <h2>Make your visit comfortable (optional)</h2>
          {asks.flavor ? <ChoiceGroup name="flavor" legend="Polishing paste flavor" choices={[...flavors, SKIP]} className="choices choices-inline" /> : null}
          {asks.show ? <ChoiceGroup name="show" legend="What would you like to watch during your visit?" choices={[...shows, SKIP]} className="choices choices-inline" /> : null}
        </>
      ) : null}
    </StepPage>
  );
}
