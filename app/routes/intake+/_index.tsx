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
import { i18nOf } from "~/i18n/locale.server";
import { useT } from "~/i18n/use-t";

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
  const { t } = i18nOf(request);
  const base = { title: t("intake.start.title"), visit: visit.label, booked };
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
    left: left.map((s) => t(intakeFlow.titleOf(s))),
    next: withToken(visit, complete ? intakeFlow.pathFor("check-answers") : intakeFlow.resumePath(state, opts)),
  });
}

export default function IntakeStart() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div className="page narrow">
      {data.booked ? (
        <p className="notice" role="status">
          <strong>{t("intake.start.bookedStrong")}</strong> {t("intake.start.bookedRest")}
        </p>
      ) : null}
      <VisitCaption visit={data.visit} />
      <h1>{data.kind === "nothing" ? t("intake.start.nothingHeading") : data.kind === "complete" ? t("intake.start.completeHeading") : t("intake.start.todoHeading")}</h1>
      {data.kind === "nothing" ? (
        <p>{t("intake.start.nothing")}</p>
      ) : data.kind === "complete" ? (
        <>
          <p>{t("intake.start.complete")}</p>
          <p>
            <a className="button button-secondary" href={data.next}>
              {t("intake.start.seeAnswers")}
            </a>
          </p>
        </>
      ) : (
        <>
          <p>{t("intake.start.weNeed")}</p>
          <ul>
            <li>{t("intake.start.needInsurance")}</li>
            {data.health ? <li>{t("intake.start.needHealth")}</li> : null}
          </ul>
          <p>{data.health ? t("intake.start.timeLong") : t("intake.start.timeShort")}</p>
          {data.started && data.left.length > 0 ? <p>{t("intake.start.left", { steps: data.left.join(", ") })}</p> : null}
          <p>
            <a className="button" href={data.next}>
              {data.started ? t("intake.start.resume") : t("intake.start.start")}
            </a>
          </p>
        </>
      )}
    </div>
  );
}
