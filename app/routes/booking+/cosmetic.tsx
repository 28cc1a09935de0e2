import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { COSMETIC_CHOICES } from "~/booking/options";
import { openStep, submitStep } from "~/booking/step.server";
import { getDb } from "~/db/client.server";
import { getService } from "~/scheduling/catalogue.server";
import { formatUsd } from "~/rules/currency";
import { ChoiceGroup, StepPage, type Choice } from "~/ui/form";
import { stepMeta } from "~/ui/step-meta";
import { schema } from "./cosmetic.server";

export const meta = stepMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const { state, back, title } = await openStep(request, "cosmetic");
  const whiteningPrice = (await getService(await getDb(), "WHTNG"))?.priceCents;
  const details: Record<(typeof COSMETIC_CHOICES)[number], Omit<Choice, "value">> = {
    consult: { label: "A cosmetic consult", detail: "Veneers, bonding, smile design or Botox: a dentist talks you through the options and their cost." },
    whitening: {
      label: "Teeth whitening",
      detail: `In-studio whitening in one visit${whiteningPrice ? `, ${formatUsd(whiteningPrice)}` : ""}.`,
    },
  };
  const choices = COSMETIC_CHOICES.map((value) => ({ value, ...details[value] }));
  return json({ back, title, cosmeticChoice: state.cosmeticChoice ?? null, choices });
}

export async function action({ request }: ActionFunctionArgs) {
  return submitStep(request, "cosmetic", schema(), ({ cosmeticChoice }) => ({ cosmeticChoice }));
}

export default function Cosmetic() {
  const { back, title, cosmeticChoice, choices } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <StepPage title={title} back={back} result={result} values={{ cosmeticChoice }}>
      <ChoiceGroup
        name="cosmeticChoice"
        legend="What would you like?"
        choices={choices}
      />
    </StepPage>
  );
}
