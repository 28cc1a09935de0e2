import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { intakeAccess } from "~/intake/access.server";
import { intakeFlow } from "~/intake/flow";
import { intakeHeaders, intakeMeta } from "~/intake/headers";
import { withToken } from "~/intake/step.server";
import { audit, findIntake, stateOf } from "~/intake/store.server";
import { VisitCaption } from "~/ui/intake-page";
import { i18nOf } from "~/i18n/locale.server";
import { useT } from "~/i18n/use-t";

export const headers = intakeHeaders;
export const meta = intakeMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const visit = await intakeAccess(request);
  const row = await findIntake(visit);
  if (row?.status !== "COMPLETE") throw redirect(withToken(visit, intakeFlow.resumePath(stateOf(row), { health: visit.health })));
  await audit(visit, "view", "confirmation");
  return json({
    title: i18nOf(request).t("intake.done.title"),
    visit: visit.label,
    planOutcome: row.planCheck?.outcome ?? null,
    visitHref: `/booking/confirmed/${visit.token}`,
    answersHref: withToken(visit, "/intake/check-answers"),
  });
}

export default function IntakeConfirmation() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div className="page narrow">
      <VisitCaption visit={data.visit} />
      <h1>{data.title}</h1>
      <p className="lead">{t("intake.done.lead")}</p>
      {data.planOutcome === "not_accepted" || data.planOutcome === "unavailable" ? (
        <p>{t("intake.done.insurance")}</p>
      ) : null}
      <p>{t("intake.done.bring")}</p>
      <p>
        <a href={data.visitHref}>{t("intake.done.appointment")}</a> · <a href={data.answersHref}>{t("intake.done.answers")}</a>
      </p>
    </div>
  );
}
