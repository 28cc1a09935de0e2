import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CATEGORIES, COSMETIC_CONSULT_CODES, PROCEDURE_SERVICE, type Category, type ServiceCode } from "~/booking/options";
import { getDb } from "~/db/client.server";
import { getService } from "~/scheduling/catalogue.server";
import { priceLineOfGroup } from "~/scheduling/prices";
import { openStep, submitStep } from "~/booking/step.server";
import { ChoiceGroup, StepPage, type Choice } from "~/ui/form";
import { stepMeta } from "~/ui/step-meta";
import { schema } from "./services.server";

/** The services each choice can lead to, for its price line. */
const CATEGORY_SERVICES: Record<Category, readonly ServiceCode[]> = {
  cleaning: ["CLNCHK"],
  whitening: ["WHTNG"],
  emergency: ["EMERG"],
  cosmetic: [...COSMETIC_CONSULT_CODES, "WHTNG"],
  procedures: Object.values(PROCEDURE_SERVICE),
  ortho: ["INVISALN", "BRACESCON"],
};

const CATEGORY_CHOICES: Record<Category, Omit<Choice, "value">> = {
  cleaning: { label: "Checkup & cleaning", detail: "Exam, cleaning and X-rays as needed. About an hour." },
  whitening: { label: "Teeth whitening", detail: "Brighter teeth in one in-studio visit." },
  emergency: { label: "I’m in pain / something broke", detail: "Toothache, a broken tooth, a lost filling or swelling. We’ll see you as soon as we can." },
  cosmetic: { label: "Cosmetic dentistry", detail: "Veneers, bonding, smile design, Botox or whitening." },
  procedures: { label: "Implant, crown, bridge or a general consult", detail: "Talk through a treatment or a concern with a dentist." },
  ortho: { label: "Invisalign, braces, smile straightening", detail: "Start with a short quiz, then book a consult with an orthodontist." },
};

export const meta = stepMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const { state, back, title } = await openStep(request, "services");
  const db = await getDb();
  const choices = await Promise.all(
    CATEGORIES.map(async (value) => {
      const services = (await Promise.all(CATEGORY_SERVICES[value].map((code) => getService(db, code)))).filter((s) => s !== null);
      return { value, ...CATEGORY_CHOICES[value], price: services.length ? priceLineOfGroup(services) : undefined };
    }),
  );
  return json({ back, title, category: state.category ?? null, choices });
}

export async function action({ request }: ActionFunctionArgs) {
  return submitStep(request, "services", schema(), ({ category }) => ({ category }));
}

export default function Services() {
  const { back, title, category, choices } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <StepPage title={title} back={back} result={result} values={{ category }}>
      <ChoiceGroup
        name="category"
        legend="Reason for your visit"
        choices={choices}
      />
    </StepPage>
  );
}
