import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { intakeAccess, ownNextIntake } from "~/intake/access.server";
import { intakeFlow, openSteps } from "~/intake/flow";
import { PRIVATE_PAGE } from "~/auth/headers";
import { intakeHeaders, intakeMeta } from "~/intake/headers";
import { withToken } from "~/intake/step.server";
import { audit, findIntake, stateOf } from "~/intake/store.server";
import { VisitCaption } from "~/ui/intake-page";

export const headers = intakeHeaders;
export const meta = intakeMeta;

/** `/intake?token=…&appointmentBooked=true` (spec §2): which visit, what is needed, how long; resumes where the patient left off. */
export async function loader({ request }: LoaderFunctionArgs) {
  // Logged in, no link in hand: their own next visit's intake.
  if (!new URL(request.url).searchParams.has("token")) {
    const own = await ownNextIntake(request);
    if (own) throw redirect(own, { headers: PRIVATE_PAGE });
  }
  const visit = await intakeAccess(request);
  const row = await findIntake(visit);
  await audit(visit, "view", "start");
  const booked = new URL(request.url).searchParams.get("appointmentBooked") === "true";
  const base = { title: "Before your visit", visit: visit.label, booked };
  if (!visit.needed && !row) return json({ ...base, kind: "nothing" as const });
  const state = stateOf(row);
  const opts = { health: visit.health };
  const left = openSteps(state, opts);
  const complete = row?.status === "COMPLETE";
  return json({
    ...base,
    kind: complete ? ("complete" as const) : ("todo" as const),
    started: state.completed.length > 0,
    health: visit.health,
    left: left.map((s) => intakeFlow.titleOf(s)),
    next: withToken(visit, complete ? intakeFlow.pathFor("check-answers") : intakeFlow.resumePath(state, opts)),
  });
}

export default function IntakeStart() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="page narrow">
      {data.booked ? (
        <p className="notice" role="status">
          <strong>You’re booked — one more step.</strong> Your appointment is confirmed; please complete your intake before your visit.
        </p>
      ) : null}
      <VisitCaption visit={data.visit} />
      <h1>{data.kind === "nothing" ? "Nothing to do before your visit" : data.kind === "complete" ? "Your intake is complete" : "Before your visit: your intake"}</h1>
      {data.kind === "nothing" ? (
        <p>This visit needs no intake forms. We’ll see you at the studio — please arrive 10 minutes early.</p>
      ) : data.kind === "complete" ? (
        <>
          <p>Thank you — we have your answers. You can still look at them and change them until your visit.</p>
          <p>
            <a className="button button-secondary" href={data.next}>
              See your answers
            </a>
          </p>
        </>
      ) : (
        <>
          <p>So we can get ready for you, we need:</p>
          <ul>
            <li>your dental insurance, and photos of the front and back of your card if you have it to hand</li>
            {data.health ? <li>your health history: conditions, medicines and allergies</li> : null}
          </ul>
          <p>
            It takes about {data.health ? "5 to 10" : "3"} minutes. Your answers are saved after each page, so you can stop and come back with the
            same link.
          </p>
          {data.started && data.left.length > 0 ? <p>Still to do: {data.left.join(", ")}.</p> : null}
          <p>
            <a className="button" href={data.next}>
              {data.started ? "Continue where you left off" : "Start"}
            </a>
          </p>
        </>
      )}
    </div>
  );
}
