/**
 * The waitlist's join form (issue 19 B, decision 022); the invitation under the times is waitlist-invite.tsx and the
 * entries on /profile waitlist-entries.tsx, so those pages load no join form. A plain form: it needs no JavaScript.
 */
import { Form } from "@remix-run/react";
import { Trans, useT } from "~/i18n/use-t";
import { ChoiceFieldset, ErrorSummary, FormActions, FormStateProvider, TextField, useField, type FormResult, type SavedValues } from "./form";

type JoinData = {
  studioName: string;
  serviceName: string;
  accountEmail: string | null;
  bounds: { min: string; max: string };
  values: SavedValues;
  parts: { value: string; label: string; hours: string }[];
};

function PartBoxes({ parts }: { parts: JoinData["parts"] }) {
  const field = useField("parts");
  const t = useT();
  return (
    <ChoiceFieldset name="parts-group" legend={t("waitlist.form.parts")} hint={t("waitlist.form.partsHint")} error={field.error}>
      <div className="choices choices-inline">
        {parts.map((p, i) => (
          <label className="choice" key={p.value}>
            {/* The first box carries the field's id: the error summary's link lands on it. */}
            <input type="checkbox" name="parts" value={p.value} id={i === 0 ? "parts" : `parts-${p.value}`} defaultChecked={field.values.includes(p.value)} />
            <span>
              <span className="choice-title">{p.label}</span>
              <span className="choice-detail">{p.hours}</span>
            </span>
          </label>
        ))}
      </div>
    </ChoiceFieldset>
  );
}

export function WaitlistJoinForm({ data, result }: { data: JoinData; result: FormResult }) {
  const t = useT();
  return (
    <FormStateProvider result={result} values={data.values}>
      <ErrorSummary />
      <Form method="post" className="form" noValidate>
        <div className="field-row">
          <TextField name="firstDay" label={t("waitlist.form.from")} type="date" min={data.bounds.min} max={data.bounds.max} />
          <TextField name="lastDay" label={t("waitlist.form.until")} type="date" min={data.bounds.min} max={data.bounds.max} />
        </div>
        <PartBoxes parts={data.parts} />
        {data.accountEmail ? (
          <p>
            <Trans k="waitlist.form.accountEmail" vars={{ email: data.accountEmail }} tags={{ email: <strong /> }} />
          </p>
        ) : (
          <TextField name="email" label={t("waitlist.form.email")} type="email" autoComplete="email" hint={t("waitlist.form.emailHint")} />
        )}
        <FormActions submitLabel={t("waitlist.form.submit")} back="/booking/times" />
      </Form>
    </FormStateProvider>
  );
}
