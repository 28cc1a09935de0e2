import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { openStep, submitInfoStep } from "~/booking/step.server";
import { getDb } from "~/db/client.server";
import { getService } from "~/scheduling/catalogue.server";
import { StepPage } from "~/ui/form";

export const meta: MetaFunction = () => [{ title: "Invisalign consult — Book a visit" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { back, title } = await openStep(request, "invisalign-consult");
  // Booked as INVISALN: the duration comes from the catalogue in the database.
  const minutes = (await getService(await getDb(), "INVISALN"))?.durationMinutes ?? 30;
  return json({ back, title, minutes });
}

export async function action({ request }: ActionFunctionArgs) {
  return submitInfoStep(request, "invisalign-consult");
}

export default function InvisalignConsult() {
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
            Invisalign straightens teeth with a series of clear, removable aligners. The consult tells you whether
            it suits you, how long it would take and what it would cost.
          </p>
          <h2>What happens at your consult</h2>
          <ul className="info-list">
            <li>We talk about what you’d like to change and any past orthodontic treatment.</li>
            <li>A quick 3D scan of your teeth: no trays of impression putty.</li>
            <li>X-rays and photos if we need them.</li>
            <li>A preview of how your teeth could move, then your plan: the number of aligners, the timeline and the price.</li>
          </ul>
          <p>
            It takes about <strong>{minutes} minutes</strong>. There is no obligation to start treatment, and you can
            bring any questions about payment plans or insurance coverage.
          </p>
        </>
      }
    />
  );
}
