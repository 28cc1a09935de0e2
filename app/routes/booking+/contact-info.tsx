import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ChoiceGroup, TextField } from "~/ui/form";
import { DateField } from "~/ui/form-fields";
import { CheckboxField } from "~/ui/form-choices";
import { StepPage } from "~/ui/step-header";
import { stepMeta } from "~/ui/step-meta";
import { Trans, useT } from "~/i18n/use-t";
import { contactStepPage, submitContact } from "~/booking/contact-step.server";

export const meta = stepMeta;

export const loader = ({ request }: LoaderFunctionArgs) => contactStepPage(request);
export const action = ({ request }: ActionFunctionArgs) => submitContact(request);

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
      <CheckboxField name="sms" label={t("booking.contact.sms")} hint={t("booking.contact.smsHint")} />
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
