import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ADULT_AGE, ageOn } from "~/rules/age";
import { FLAVORS, SHOWS } from "~/rules/comfort-preferences";
import { FLAVOR_LABELS, SHOW_LABELS } from "~/booking/comfort-labels";
import { contactSchema } from "./contact-info.server";
import { accountContact } from "~/booking/returning.server";
import { bookingCookie, openStep, submitStep } from "~/booking/step.server";
import { marketTimezone } from "~/rules/markets";
import { formatPhone, normalizePhone } from "~/ui/phone-link";
import { ChoiceGroup, TextField } from "~/ui/form";
import { CheckboxField, DateField } from "~/ui/form-fields";
import { StepPage } from "~/ui/step-header";
import { joinDateParts, readForm } from "~/platform/form-data.server";
import { REQUIRED_PREFERENCES } from "~/rules/needs-insurance";
import { stepMeta } from "~/ui/step-meta";
import { i18nOf } from "~/i18n/locale.server";
import { Trans, useT } from "~/i18n/use-t";
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
        }
      : null,
    // Spec §5: the comfort preferences matter only where the insurance rule asks for them (a cleaning:
    // flavor and show; whitening: show); other visits are not asked.
    asks: { flavor: required.includes("FLAVOR"), show: required.includes("NETFLIX") },
    flavors: FLAVORS.map((f) => ({ value: f.value, label: t(FLAVOR_LABELS[f.value]) })),
    shows: SHOWS.map((s) => ({ value: s.value, label: t(SHOW_LABELS[s.value]) })),
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


export default function ContactInfo() {
  const { back, title, saved, flavors, shows, asks, accountEmail, forMember, addFamily } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  const skip = { value: "", label: t("booking.contact.decideAtVisit") };
  const intro = (
    <>
      <p className="lead">{t("booking.contact.lead")}</p>
      {forMember ? (
        <p>
          <Trans k="booking.contact.bookingFor" vars={{ name: forMember }} tags={{ who: <span className="visit-for" /> }} />
        </p>
      ) : null}
      {addFamily ? (
        <p>
          <Trans k="booking.contact.addFamily" tags={{ add: <Link to="/profile/family/new?returnTo=/booking/who" /> }} />
        </p>
      ) : null}
      {accountEmail ? (
        <p>
          <Trans k="booking.contact.accountEmail" vars={{ email: accountEmail }} tags={{ strong: <strong /> }} />
        </p>
      ) : null}
    </>
  );
  return (
    <StepPage title={title} back={back} result={result} values={saved} intro={intro}>
      <TextField name="firstName" label={t("booking.contact.firstName")} autoComplete="given-name" />
      <TextField name="lastName" label={t("booking.contact.lastName")} autoComplete="family-name" />
      <TextField
        name="phone"
        label={t("booking.contact.phone")}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        hint={t("booking.contact.phoneHint")}
      />
      <DateField name="dateOfBirth" legend={t("booking.contact.dob")} hint={t("booking.contact.dobHint")} autoCompletePrefix="bday" />
      <CheckboxField name="guardian" label={t("booking.contact.guardian")} hint={t("booking.contact.guardianHint")} />
      {asks.flavor || asks.show ? (
        <>
          <h2>{t("booking.contact.comfort")}</h2>
          {asks.flavor ? <ChoiceGroup name="flavor" legend={t("booking.contact.flavor")} choices={[...flavors, skip]} className="choices choices-inline" /> : null}
          {asks.show ? <ChoiceGroup name="show" legend={t("booking.contact.show")} choices={[...shows, skip]} className="choices choices-inline" /> : null}
        </>
      ) : null}
    </StepPage>
  );
}
