import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { openStep, submitInfoStep } from "~/booking/step.server";
import { getDb } from "~/db/client.server";
import { getService } from "~/scheduling/catalogue.server";
import { StepPage } from "~/ui/form";

export const meta: MetaFunction = () => [{ title: "Braces consult — Book a visit" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { back, title } = await openStep(request, "smile-straightening");
  // Booked as BRACESCON: the duration comes from the catalogue in the database.
  const minutes = (await getService(await getDb(), "BRACESCON"))?.durationMinutes ?? 30;
  return json({ back, title, minutes });
}

export async function action({ request }: ActionFunctionArgs) {
  return submitInfoStep(request, "smile-straightening");
}

export default function SmileStraighteningBraces() {
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
            Braces are the most dependable way to correct bite problems and crowded teeth, for children, teens and
            adults. The consult is with an orthodontist.
          </p>
          <h2>What happens at your consult</h2>
          <ul className="info-list">
            <li>An orthodontist examines your teeth, jaw and bite.</li>
            <li>Photos and X-rays so we can plan accurately.</li>
            <li>Your options, such as metal or tooth-coloured ceramic braces, and how long treatment would take.</li>
            <li>A clear price, and what insurance may cover.</li>
          </ul>
          <p>
            It takes about <strong>{minutes} minutes</strong>. Patients under 18 need a parent or guardian with them.
          </p>
        </>
      }
    />
  );
}
