import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { accountVisitRows } from "~/account/profile.server";
import { authHeaders, PRIVATE_PAGE } from "~/auth/headers";
import { requirePatient } from "~/auth/sessions.server";
import { i18nOf } from "~/i18n/locale.server";
import { metaT, useT } from "~/i18n/use-t";
import { ownNextIntake } from "~/intake/access.server";
import { accountHealthRecord } from "~/intake/history.server";
import { formatCalendarDate } from "~/rules/zoned-time";
import { AnswerList, VisitList } from "~/ui/profile";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("account.health.metaTitle") }, { name: "robots", content: "noindex" }];
export const headers = authHeaders;

/** `/profile/health`: what the patient told us at intake (read by them only, each read audited) and their visits. */
export async function loader({ request }: LoaderFunctionArgs) {
  const patient = await requirePatient(request);
  const { locale } = i18nOf(request);
  const [record, intakeLink, visits] = await Promise.all([accountHealthRecord(patient.personId), ownNextIntake(request), accountVisitRows(patient.personId, new Date(), undefined, locale)]);
  const view = (onFile: typeof record.health) =>
    onFile ? { rows: onFile.rows, asOf: formatCalendarDate(onFile.updatedAt.toISOString().slice(0, 10), locale), complete: onFile.complete } : null;
  return json({ health: view(record.health), insurance: view(record.insurance), intakeLink, past: visits.past, upcoming: visits.upcoming }, { headers: PRIVATE_PAGE });
}

function AsOf({ asOf, complete }: { asOf: string; complete: boolean }) {
  const t = useT();
  return <p className="hint">{t(complete ? "account.health.sent" : "account.health.started", { date: asOf })}</p>;
}

export default function Health() {
  const { health, insurance, intakeLink, past, upcoming } = useLoaderData<typeof loader>();
  const nothing = !health && !insurance;
  const t = useT();
  return (
    <>
      <h1>{t("account.health.title")}</h1>
      <p className="lead">{t("account.health.lead")}</p>
      {nothing ? (
        <div className="notice profile-section">
          <h2>{t("account.health.nothingTitle")}</h2>
          <p>{t(intakeLink ? "account.health.nothingWithLink" : "account.health.nothingNoLink")}</p>
          {intakeLink ? (
            <p>
              <a href={intakeLink} className="button">
                {t("account.health.complete")}
              </a>
            </p>
          ) : (
            <p>
              <Link to="/booking">{t("account.complete.book")}</Link>
            </p>
          )}
        </div>
      ) : (
        <>
          {intakeLink ? (
            <p className="actions-row">
              <a href={intakeLink} className="button button-secondary">
                {t("account.health.update")}
              </a>
            </p>
          ) : null}
          <section className="profile-section" aria-labelledby="health-title">
            <h2 id="health-title">{t("account.health.history")}</h2>
            {health ? (
              <>
                <AsOf {...health} />
                <AnswerList rows={health.rows} />
              </>
            ) : (
              <p className="profile-empty">{t("account.health.historyEmpty")}</p>
            )}
          </section>
          <section className="profile-section" aria-labelledby="insurance-title">
            <h2 id="insurance-title">{t("account.health.insurance")}</h2>
            {insurance ? (
              <>
                <AsOf {...insurance} />
                <AnswerList rows={insurance.rows} />
              </>
            ) : (
              <p className="profile-empty">{t("account.health.insuranceEmpty")}</p>
            )}
          </section>
        </>
      )}
      <section className="profile-section" aria-labelledby="history-title">
        <h2 id="history-title">{t("account.health.visits")}</h2>
        <VisitList visits={past} empty={t(upcoming.length ? "account.health.firstAhead" : "account.health.noVisits")} />
      </section>
    </>
  );
}
