import { Link } from "@remix-run/react";
import { StudioContact, PhoneLink, type StudioContactInfo } from "./studio";

/** What the server's visitFacts sends (app/scheduling/visit-view.server.ts), as JSON. */
export type VisitFactsData = {
  token: string;
  status: string;
  sequence: number;
  past: boolean;
  when: string;
  length: string;
  serviceName: string;
  studio: StudioContactInfo;
  withWhom: string | null;
  bring: string[];
  cancellationPolicy: string;
  icsHref: string;
  terms: {
    canCancel: boolean;
    late: boolean;
    feeCents: number | null;
    canReschedule: boolean;
  };
  fee: string | null;
  card: string | null;
  chargedFee: string | null;
};

export type IntakeLinkData = { href: string; complete: boolean } | null;

/** When, how long, where, what and with whom — the facts a patient checks before leaving home. */
export function VisitFactsList({ facts }: { facts: VisitFactsData }) {
  return (
    <dl className="summary-list">
      <div>
        <dt>When</dt>
        <dd>{facts.when}</dd>
      </div>
      <div>
        <dt>Visit</dt>
        <dd>
          {facts.serviceName} · {facts.length}
        </dd>
      </div>
      <div>
        <dt>Where</dt>
        <dd>
          {facts.studio.isVirtual ? "Video visit" : facts.studio.name}
          <StudioContact studio={facts.studio} />
        </dd>
      </div>
      {facts.withWhom ? (
        <div>
          <dt>With</dt>
          <dd>{facts.withWhom}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** `?moved=1` / `?cancelled=1`: where a change's POST redirected to. */
export const changeOf = (url: URL): "moved" | "cancelled" | null =>
  url.searchParams.get("moved") === "1"
    ? "moved"
    : url.searchParams.get("cancelled") === "1"
    ? "cancelled"
    : null;

/** After a change, the page it lands on says what happened (the email follows). */
export function VisitChangedBanner({
  change,
  facts,
}: {
  change: "moved" | "cancelled" | null;
  facts: VisitFactsData;
}) {
  if (change === "moved" && facts.status === "CONFIRMED") {
    return (
      <p className="notice notice-success" role="status">
        Your visit has moved to <strong>{facts.when}</strong>. We’ve emailed you
        the new time and calendar file.
      </p>
    );
  }
  if (facts.status === "CANCELLED") {
    return (
      <div className="notice" role="status">
        <p>
          This visit is cancelled
          {change === "cancelled" ? " and we’ve emailed you to confirm" : ""}.
          {facts.chargedFee
            ? ` A late-cancellation fee of ${facts.chargedFee} applies.`
            : ""}
        </p>
        <p>
          <Link to="/booking" className="button">
            Book another visit
          </Link>
        </p>
      </div>
    );
  }
  return null;
}

export function IntakeNotice({ intake }: { intake: IntakeLinkData }) {
  if (!intake) return null;
  return (
    <div className="notice">
      <h2>Before your visit</h2>
      {intake.complete ? (
        <p>
          Thank you — your intake is complete.{" "}
          <a href={intake.href}>See or change your intake answers</a>
        </p>
      ) : (
        <>
          <p>
            Please tell us about your insurance and health history so we can get
            ready for you.
          </p>
          <p>
            <a href={intake.href} className="button">
              Complete your intake
            </a>
          </p>
        </>
      )}
    </div>
  );
}

/** Calendar file, directions, and — while it may change — reschedule and cancel, with the policy. */
export function ManageVisit({
  facts,
  base,
}: {
  facts: VisitFactsData;
  base: string;
}) {
  if (facts.status !== "CONFIRMED") return null;
  return (
    <>
      {facts.past ? null : (
        <div className="actions-row">
          <a
            href={facts.icsHref}
            className="button button-secondary"
            download="appointment.ics"
          >
            Add to calendar (.ics)
          </a>
          {facts.studio.mapUrl && !facts.studio.isVirtual ? (
            <a
              href={facts.studio.mapUrl}
              className="button button-secondary"
              rel="noopener noreferrer"
              target="_blank"
            >
              Get directions
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          ) : null}
        </div>
      )}
      <h2>What to bring</h2>
      <ul className="info-list">
        {facts.bring.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <h2 id="manage">Cancelling or rescheduling</h2>
      <p>{facts.cancellationPolicy}</p>
      {facts.terms.canCancel ? (
        <>
          {facts.terms.canReschedule ? null : (
            <p>
              Your visit is less than 24 hours away, so it can’t be moved
              online. To move it, call the studio
              {facts.studio.phone ? (
                <>
                  {" "}
                  at <PhoneLink phone={facts.studio.phone} />
                </>
              ) : null}
              .
            </p>
          )}
          <div className="actions-row">
            {facts.terms.canReschedule ? (
              <Link to={`${base}/reschedule`} className="button">
                Reschedule
              </Link>
            ) : null}
            <Link to={`${base}/cancel`} className="button button-secondary">
              Cancel visit
            </Link>
          </div>
        </>
      ) : null}
    </>
  );
}

type TitleFacts = { status: string; past: boolean; serviceName: string; when: string };

/**
 * A visit page's title says which visit and its state (a cancelled one says so, issue 25); the patient area's
 * copy of a page is named as such, so no two kinds of page share a title.
 */
export function visitTitle(facts: TitleFacts | undefined, { justBooked = false, area = false } = {}): string {
  const where = area ? " — Your visits" : "";
  if (!facts) return `Your visit${where} — Studio Dental`;
  const state =
    facts.status === "CANCELLED" ? "Cancelled" : justBooked ? "You’re booked" : facts.past ? "Past visit" : "Your visit";
  return `${state}: ${facts.serviceName}, ${facts.when}${where} — Studio Dental`;
}
