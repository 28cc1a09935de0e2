import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { intakeHeaders, intakeMeta } from "~/intake/headers";
import { ALLERGENS, CONDITIONS, NO_CONDITIONS, PREGNANCY, PREMEDICATION, TOBACCO, YES_NO } from "~/intake/options";
import { healthSchema, toHealth } from "~/intake/schemas.server";
import { intakeSteps, openIntakeStep } from "~/intake/step.server";
import { ChoiceFieldset, ChoiceGroup, TextField, useField } from "~/ui/form";
import { IntakeStepPage } from "~/ui/intake-page";

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
  return (
    <IntakeStepPage
      page={data}
      result={result}
      intro={<p>Your dentist needs this to treat you safely. Only the studio’s clinical team sees it.</p>}
    >
      <ChoiceFieldset name="conditions" legend="Do you have, or have you had, any of these?" hint="Choose all that apply.">
        <div className="choices">
          {CONDITIONS.map((c) => (
            <GroupCheckbox key={c.value} name="conditions" value={c.value} label={c.label} />
          ))}
          <GroupCheckbox name="conditions" value={NO_CONDITIONS} label="None of these" />
        </div>
      </ChoiceFieldset>
      <TextField name="otherConditions" label="Any other condition, surgery or hospital stay (optional)" multiline />
      <ChoiceGroup name="takesMedications" legend="Do you take any medicines?" hint="Including blood thinners, steroids, insulin, bone medicines and supplements." choices={[...YES_NO]} />
      <TextField name="medications" label="Which medicines, and how much (if you take any)" multiline />
      <ChoiceGroup name="hasAllergies" legend="Are you allergic to anything?" choices={[...YES_NO]} />
      <ChoiceFieldset name="allergens" legend="What are you allergic to?" hint="Choose all that apply, if you have allergies.">
        <div className="choices">
          {ALLERGENS.map((a) => (
            <GroupCheckbox key={a.value} name="allergens" value={a.value} label={a.label} />
          ))}
        </div>
      </ChoiceFieldset>
      <TextField name="otherAllergies" label="Other allergies (optional)" />
      <TextField name="allergyReactions" label="What happens when you react? (if you have allergies)" hint="For example: a rash, swelling, trouble breathing." multiline />
      <ChoiceGroup name="pregnancy" legend="Are you pregnant or nursing?" choices={[...PREGNANCY]} />
      <ChoiceGroup name="tobacco" legend="Do you smoke, vape or use tobacco?" choices={[...TOBACCO]} />
      <ChoiceGroup
        name="premedication"
        legend="Has a doctor told you to take antibiotics before dental visits?"
        hint="Often advised after a heart valve replacement or some joint replacements."
        choices={[...PREMEDICATION]}
      />
    </IntakeStepPage>
  );
}
