import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { openStep, submitInfoStep } from "~/booking/step.server";
import { getDb } from "~/db/client.server";
import { getService } from "~/scheduling/catalogue.server";
import { formatUsd } from "~/rules/currency";
import { StepPage } from "~/ui/form";
import { stepMeta } from "~/ui/step-meta";

export const meta = stepMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const { back, title } = await openStep(request, "whitening");
  // Price and duration from the catalogue in the database, as booked.
  const whitening = await getService(await getDb(), "WHTNG");
  return json({
    back,
    title,
    price: formatUsd(whitening?.priceCents ?? 49900),
    minutes: whitening?.durationMinutes ?? 90,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return submitInfoStep(request, "whitening");
}

export default function Whitening() {
  const { back, title, price, minutes } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <StepPage
      title={title}
      back={back}
      result={result}
      intro={
        <>
          <p className="lead">Professional in-studio whitening: a visibly brighter smile in one visit.</p>
          <p className="price-tag">
            <strong>{price}</strong> <span>for the full treatment, about {minutes} minutes</span>
          </p>
          <h2>What happens at the visit</h2>
          <ul className="info-list">
            <li>A quick check that your teeth and gums are ready for whitening.</li>
            <li>We protect your gums, then apply a professional-strength gel in a few short rounds.</li>
            <li>You leave with tips to keep the result; coffee, tea and red wine are best avoided for 48 hours.</li>
          </ul>
          <h2>Good to know</h2>
          <ul className="info-list">
            <li>Whitening is cosmetic, so dental insurance usually does not cover it.</li>
            <li>Some people feel short-lived sensitivity for a day or two.</li>
            <li>It lightens natural teeth only, not crowns, veneers or fillings.</li>
            <li>We don’t whiten during pregnancy or while breastfeeding.</li>
          </ul>
        </>
      }
    />
  );
}
