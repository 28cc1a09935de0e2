import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { intakeAccess } from "~/intake/access.server";
import { intakeFlow } from "~/intake/flow";
import { intakeHeaders, intakeMeta } from "~/intake/headers";
import { withToken } from "~/intake/step.server";
import { audit, findIntake, stateOf } from "~/intake/store.server";
import { VisitCaption } from "~/ui/intake-page";

export const headers = intakeHeaders;
export const meta = intakeMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const visit = await intakeAccess(request);
  const row = await findIntake(visit);
  if (row?.status !== "COMPLETE") throw redirect(withToken(visit, intakeFlow.resumePath(stateOf(row), { health: visit.health })));
  await audit(visit, "view", "confirmation");
  return json({
    title: "Intake complete",
    visit: visit.label,
    planOutcome: row.planCheck?.outcome ?? null,
    visitHref: `/booking/confirmed/${visit.token}`,
    answersHref: withToken(visit, "/intake/check-answers"),
  });
}

export default function IntakeConfirmation() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="page narrow">
      <VisitCaption visit={data.visit} />
      <h1>{data.title}</h1>
      <p className="lead">Thank you — the studio has your answers and will be ready for you.</p>
      {data.planOutcome === "not_accepted" || data.planOutcome === "unavailable" ? (
        <p>We’ll contact you about your insurance ahead of the visit.</p>
      ) : null}
      <p>Please bring your insurance card and a photo ID, and arrive 10 minutes early.</p>
      <p>
        <a href={data.visitHref}>Your appointment</a> · <a href={data.answersHref}>See or change your answers</a>
      </p>
    </div>
  );
}
