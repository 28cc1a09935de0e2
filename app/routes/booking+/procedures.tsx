import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PROCEDURE_SERVICE, PROCEDURES, type Procedure } from "~/booking/options";
import { getDb } from "~/db/client.server";
import { getService } from "~/scheduling/catalogue.server";
import { priceLine } from "~/scheduling/prices";
import { openStep, submitStep } from "~/booking/step.server";
import { ChoiceGroup, StepPage, type Choice } from "~/ui/form";
import { stepMeta } from "~/ui/step-meta";
import { schema } from "./procedures.server";

const PROCEDURE_CHOICES: Record<Procedure, Omit<Choice, "value">> = {
  general: { label: "General consult", detail: "Talk through a concern or get a second opinion from a dentist. Not sure which to pick? Choose this." },
  implant: { label: "Implant consult", detail: "Replace a missing tooth with an implant: exam, X-rays and a treatment plan." },
  crown: { label: "Crown consult", detail: "For a cracked, worn or heavily filled tooth that may need a crown." },
  bridge: { label: "Bridge consult", detail: "Fill the gap left by one or more missing teeth with a fixed bridge." },
};

export const meta = stepMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const { state, back, title } = await openStep(request, "procedures");
  const db = await getDb();
  const choices = await Promise.all(
    PROCEDURES.map(async (value) => {
      const service = await getService(db, PROCEDURE_SERVICE[value]);
      return { value, ...PROCEDURE_CHOICES[value], price: service ? priceLine(service) : undefined };
    }),
  );
  return json({ back, title, procedure: state.procedure ?? null, choices });
}

export async function action({ request }: ActionFunctionArgs) {
  return submitStep(request, "procedures", schema(), ({ procedure }) => ({ procedure }));
}

export default function Procedures() {
  const { back, title, procedure, choices } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <StepPage
      title={title}
      back={back}
      result={result}
      values={{ procedure }}
      intro={<p className="lead">Every procedure starts with a consult: a dentist examines the tooth, explains your options and their cost.</p>}
    >
      <ChoiceGroup
        name="procedure"
        legend="Consult"
        choices={choices}
      />
    </StepPage>
  );
}
