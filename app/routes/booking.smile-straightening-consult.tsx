import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { openStep, submitInfoStep } from "~/booking/step.server";
import { getDb } from "~/db/client.server";
import { getService } from "~/scheduling/catalogue.server";
import { StepPage } from "~/ui/form";

export const meta: MetaFunction = () => [{ title: "Smile straightening consult — Book a visit" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { back, title } = await openStep(request, "smile-straightening-consult");
  // Booked as INVISALN: the duration comes from the catalogue in the database.
  const minutes = (await getService(await getDb(), "INVISALN"))?.durationMinutes ?? 30;
  return json({ back, title, minutes });
}

export async function action({ request }: ActionFunctionArgs) {
  return submitInfoStep(request, "smile-straightening-consult");
}

export default function SmileStraighteningConsult() {
  const { back, title, minutes } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <StepPage
      title={title}
      back={back}
      result={result}
      intro={
        <>
          <p className="lead">
            Not sure whether clear aligners or braces are right for you? That is exactly what this consult is for.
          </p>
          <h2>What happens at your consult</h2>
          <ul className="info-list">
            <li>An orthodontist examines your teeth and bite and asks what you’d like to change.</li>
            <li>A quick 3D scan of your teeth, and X-rays if we need them.</li>
            <li>We explain the options that would work for you (Invisalign, braces or both) and recommend one.</li>
            <li>You leave with a plan, a timeline and a price, with no obligation to start.</li>
          </ul>
          <p>
            It takes about <strong>{minutes} minutes</strong>. Patients under 18 need a parent or guardian with them.
          </p>
        </>
      }
    />
  );
}
