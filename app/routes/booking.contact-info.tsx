import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ADULT_AGE, ageOn, contactSchema, FLAVORS, SHOWS } from "~/booking/core-steps.server";
import { bookingCookie, openStep, submitStep } from "~/booking/step.server";
import { MARKET_ROWS } from "~/db/catalogue";
import { formatPhone, normalizePhone } from "~/rules/phone";
import { CheckboxField, ChoiceGroup, fieldError, fieldValue, StepPage, TextField } from "~/ui/form";
import { localToday } from "~/rules/zoned-time";

export const meta: MetaFunction = () => [{ title: "Your details — Book a visit" }];

/** "Today" for the age rule is the date where the visit happens. */
function todayFor(market: string | undefined): string {
  const tz = MARKET_ROWS.find((m) => m.slug === market)?.timezone ?? "America/New_York";
  return localToday(new Date(), tz);
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { state, back, title } = await openStep(request, "contact-info");
  const c = state.contact;
  return json({
    back,
    title,
    maxDate: todayFor(state.market),
    saved: c
      ? {
          firstName: c.firstName,
          lastName: c.lastName,
          phone: formatPhone(c.phone),
          dateOfBirth: c.dateOfBirth,
          // A saved minor's details were confirmed by their guardian.
          guardian: ageOn(c.dateOfBirth, todayFor(state.market)) < ADULT_AGE,
          flavor: c.preferences.flavor ?? "",
          show: c.preferences.show ?? "",
        }
      : null,
    flavors: FLAVORS.map((f) => ({ value: f.value, label: f.label })),
    shows: SHOWS.map((s) => ({ value: s.value, label: s.label })),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { market } = await bookingCookie().read(request);
  return submitStep(request, "contact-info", contactSchema(todayFor(market)), (v) => ({
    contact: {
      firstName: v.firstName,
      lastName: v.lastName,
      phone: normalizePhone(v.phone)!, // 10 digits, checked by the schema
      dateOfBirth: v.dateOfBirth,
      preferences: { ...(v.flavor ? { flavor: v.flavor } : {}), ...(v.show ? { show: v.show } : {}) },
    },
  }));
}

const SKIP = { value: "", label: "Decide at the visit" };

export default function ContactInfo() {
  const { back, title, saved, maxDate, flavors, shows } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const typed = (name: string) => {
    const v = result?.initialValue?.[name];
    return typeof v === "string" ? v : undefined;
  };
  return (
    <StepPage
      title={title}
      back={back}
      result={result}
      labels={{
        firstName: "First name",
        lastName: "Last name",
        phone: "Mobile number",
        dateOfBirth: "Date of birth",
        guardian: "Parent or guardian",
        flavor: "Flavor",
        show: "Show",
      }}
      intro={<p className="lead">The patient’s details, as on their ID.</p>}
    >
      <TextField name="firstName" label="First name" autoComplete="given-name" defaultValue={fieldValue(result, "firstName", saved?.firstName)} error={fieldError(result, "firstName")} />
      <TextField name="lastName" label="Last name" autoComplete="family-name" defaultValue={fieldValue(result, "lastName", saved?.lastName)} error={fieldError(result, "lastName")} />
      <TextField
        name="phone"
        label="Mobile number"
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        hint="10 digits, for reminders and if we need to reach you."
        defaultValue={fieldValue(result, "phone", saved?.phone)}
        error={fieldError(result, "phone")}
      />
      <div className="field">
        <label htmlFor="dateOfBirth">Date of birth</label>
        <p className="hint" id="dateOfBirth-hint">
          For example 1990-05-01.
        </p>
        {fieldError(result, "dateOfBirth") ? (
          <p className="field-error" id="dateOfBirth-error">
            {fieldError(result, "dateOfBirth")}
          </p>
        ) : null}
        <input
          type="date"
          id="dateOfBirth"
          name="dateOfBirth"
          autoComplete="bday"
          max={maxDate}
          min="1900-01-01"
          defaultValue={fieldValue(result, "dateOfBirth", saved?.dateOfBirth)}
          aria-invalid={fieldError(result, "dateOfBirth") ? true : undefined}
          aria-describedby={fieldError(result, "dateOfBirth") ? "dateOfBirth-hint dateOfBirth-error" : "dateOfBirth-hint"}
        />
      </div>
      <CheckboxField
        name="guardian"
        label="I am the patient’s parent or legal guardian"
        hint="Only needed when the patient is under 18."
        defaultChecked={result ? typed("guardian") === "on" : saved?.guardian}
        error={fieldError(result, "guardian")}
      />
      <h2>Make your visit comfortable (optional)</h2>
      <ChoiceGroup
        name="flavor"
        legend="Polishing paste flavor"
        choices={[...flavors, SKIP]}
        defaultValue={result ? (typed("flavor") ?? "") : (saved?.flavor ?? "")}
        error={fieldError(result, "flavor")}
      />
      <ChoiceGroup
        name="show"
        legend="What would you like to watch during your visit?"
        choices={[...shows, SKIP]}
        defaultValue={result ? (typed("show") ?? "") : (saved?.show ?? "")}
        error={fieldError(result, "show")}
      />
    </StepPage>
  );
}
