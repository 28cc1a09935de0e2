import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { accountVisitRows } from "~/account/profile.server";
import { authHeaders, PRIVATE_PAGE } from "~/auth/headers";
import { requirePatient } from "~/auth/sessions.server";
import { ownNextIntake } from "~/intake/access.server";
import { accountHealthRecord } from "~/intake/history.server";
import { formatCalendarDate } from "~/rules/zoned-time";
import { AnswerList, VisitList } from "~/ui/profile";

export const meta: MetaFunction = () => [{ title: "My mouth — Studio Dental" }, { name: "robots", content: "noindex" }];
export const headers = authHeaders();

/** `/profile/health`: what the patient told us at intake (read by them only, each read audited) and their visits. */
export async function loader({ request }: LoaderFunctionArgs) {
  const patient = await requirePatient(request);
  const [record, intakeLink, visits] = await Promise.all([accountHealthRecord(patient.personId), ownNextIntake(request), accountVisitRows(patient.personId)]);
  const view = (onFile: typeof record.health) =>
    onFile ? { rows: onFile.rows, asOf: formatCalendarDate(onFile.updatedAt.toISOString().slice(0, 10)), complete: onFile.complete } : null;
  return json({ health: view(record.health), insurance: view(record.insurance), intakeLink, past: visits.past, upcoming: visits.upcoming }, { headers: PRIVATE_PAGE });
}

function AsOf({ asOf, complete }: { asOf: string; complete: boolean }) {
  return (
    <p className="hint">
      {complete ? "Sent to the studio" : "Started, not yet sent"} · last updated {asOf}
    </p>
  );
}

export default function Health() {
  const { health, insurance, intakeLink, past, upcoming } = useLoaderData<typeof loader>();
  const nothing = !health && !insurance;
  return (
    <>
      <h1>My mouth</h1>
      <p className="lead">Your health history and insurance as you gave them to us, and the visits you’ve had.</p>
      {nothing ? (
        <div className="notice profile-section">
          <h2>Nothing on file yet</h2>
          <p>
            You haven’t filled in a health history or insurance with us yet. It takes about five minutes{intakeLink ? " and saves time at your visit." : ", and we ask for it before your next visit."}
          </p>
          {intakeLink ? (
            <p>
              <a href={intakeLink} className="button">
                Complete my intake
              </a>
            </p>
          ) : (
            <p>
              <Link to="/booking">Book a visit</Link>
            </p>
          )}
        </div>
      ) : (
        <>
          {intakeLink ? (
            <p className="actions-row">
              <a href={intakeLink} className="button button-secondary">
                Update my intake for my next visit
              </a>
            </p>
          ) : null}
          <section className="profile-section" aria-labelledby="health-title">
            <h2 id="health-title">Health history</h2>
            {health ? (
              <>
                <AsOf {...health} />
                <AnswerList rows={health.rows} />
              </>
            ) : (
              <p className="profile-empty">Not on file. We ask for it before consultations; your studio asks at other visits.</p>
            )}
          </section>
          <section className="profile-section" aria-labelledby="insurance-title">
            <h2 id="insurance-title">Insurance</h2>
            {insurance ? (
              <>
                <AsOf {...insurance} />
                <AnswerList rows={insurance.rows} />
              </>
            ) : (
              <p className="profile-empty">No insurance on file.</p>
            )}
          </section>
        </>
      )}
      <section className="profile-section" aria-labelledby="history-title">
        <h2 id="history-title">Visit history</h2>
        <VisitList visits={past} empty={upcoming.length ? "Your first visit is still ahead of you." : "No visits yet."} />
      </section>
    </>
  );
}
