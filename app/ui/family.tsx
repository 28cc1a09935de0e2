import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { useT } from "~/i18n/use-t";
import { ChoiceGroup, ErrorSummary, FormStateProvider, SubmitButton, TextField, type FormResult, type SavedValues } from "./form";
import { DateField } from "./form-fields";

/** Family members in the patient area (issue 20 A): the member form (the profile's section: family-section.tsx). */

/** The add and edit form's fields. */
export function MemberFields({ relationships }: { relationships: { value: string; label: string }[] }) {
  const t = useT();
  return (
    <>
      <div className="field-row">
        <TextField name="firstName" label={t("family.fields.firstName")} autoComplete="off" />
        <TextField name="lastName" label={t("family.fields.lastName")} autoComplete="off" />
      </div>
      <DateField name="dateOfBirth" legend={t("family.fields.dateOfBirth")} hint={t("family.fields.dateOfBirthHint")} />
      <ChoiceGroup name="relationship" legend={t("family.fields.relationship")} choices={relationships} />
    </>
  );
}

/** A member form with its messages and error summary; a real POST with its own submit button. */
export function MemberForm({ result, values, submitLabel, hidden, children }: { result: FormResult; values: SavedValues; submitLabel: string; hidden?: Record<string, string>; children: ReactNode }) {
  return (
    <FormStateProvider result={result} values={values}>
      <ErrorSummary />
      <Form method="post" className="form" noValidate>
        {Object.entries(hidden ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {children}
        <div className="form-actions">
          <SubmitButton label={submitLabel} />
        </div>
      </Form>
    </FormStateProvider>
  );
}
