import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { intakeHeaders, intakeMeta } from "~/intake/headers";
import { ALLERGENS, CONDITIONS, NO_CONDITIONS, PREGNANCY, PREMEDICATION, TOBACCO, wordedChoices, YES_NO } from "~/intake/options";
import { healthSchema, toHealth } from "~/intake/schemas.server";
import { intakeSteps, openIntakeStep } from "~/intake/step.server";
import { ChoiceFieldset, ChoiceGroup, TextField, useField } from "~/ui/form";
import { IntakeStepPage } from "~/ui/intake-page";
import { useT } from "~/i18n/use-t";

export const headers = intakeHeaders;
export const meta = intakeMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx, page } = await openIntakeStep(request, "medical-conditions");
  return json({ ...page, values: ctx.state.health ?? {} });
}

export async function action({ request }: ActionFunctionArgs) {
  const { submitStep } = await intakeSteps(request);
  return submitStep(request, "medical-conditions", healthSchema(), (value) => ({ health: toHealth(value) }));
}

/** A checkbox of a multi-choice group: ticked when the group's value holds it. */
function GroupCheckbox({ name, value, label }: { name: string; value: string; label: string }) {
  const field = useField(name);
  return (
    <label className="choice">
      <input type="checkbox" name={name} value={value} defaultChecked={field.values.includes(value)} />
      <span>
        <span className="choice-title">{label}</span>
      </span>
    </label>
  );
}

export default function MedicalConditions() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  return (
    <IntakeStepPage
      page={data}
      result={result}
      intro={<p>{t("intake.health.intro")}</p>}
    >
      <ChoiceFieldset name="conditions" legend={t("intake.health.conditions")} hint={t("intake.health.chooseAll")}>
        <div className="choices">
          {CONDITIONS.map((c) => (
            <GroupCheckbox key={c.value} name="conditions" value={c.value} label={t(c.label)} />
          ))}
          <GroupCheckbox name="conditions" value={NO_CONDITIONS} label={t("intake.noneOfThese")} />
        </div>
      </ChoiceFieldset>
      <TextField name="otherConditions" label={t("intake.health.otherConditions")} multiline />
      <ChoiceGroup name="takesMedications" legend={t("intake.health.takesMedications")} hint={t("intake.health.takesMedicationsHint")} choices={wordedChoices(t, YES_NO)} />
      <TextField name="medications" label={t("intake.health.medications")} multiline />
      <ChoiceGroup name="hasAllergies" legend={t("intake.health.hasAllergies")} choices={wordedChoices(t, YES_NO)} />
      <ChoiceFieldset name="allergens" legend={t("intake.health.allergens")} hint={t("intake.health.allergensHint")}>
        <div className="choices">
          {ALLERGENS.map((a) => (
            <GroupCheckbox key={a.value} name="allergens" value={a.value} label={t(a.label)} />
          ))}
        </div>
      </ChoiceFieldset>
      <TextField name="otherAllergies" label={t("intake.health.otherAllergies")} />
      <TextField name="allergyReactions" label={t("intake.health.allergyReactions")} hint={t("intake.health.allergyReactionsHint")} multiline />
      <ChoiceGroup name="pregnancy" legend={t("intake.health.pregnancy")} choices={wordedChoices(t, PREGNANCY)} />
      <ChoiceGroup name="tobacco" legend={t("intake.health.tobacco")} choices={wordedChoices(t, TOBACCO)} />
      <ChoiceGroup
        name="premedication"
        legend={t("intake.health.premedication")}
        hint={t("intake.health.premedicationHint")}
        choices={wordedChoices(t, PREMEDICATION)}
      />
    </IntakeStepPage>
  );
}
