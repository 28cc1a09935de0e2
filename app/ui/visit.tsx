import { Link } from "@remix-run/react";
import { PhoneLink } from "./phone-link";
import { StudioContact, type StudioContactInfo } from "./studio";
import { Trans, useT } from "~/i18n/use-t";
import type { T } from "~/i18n/translate";
import { BRAND } from "~/platform/brand";

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
  /** Its place in a series ("visit 3 of 8", issue 39), or null. */
  series: { position: number; of: number } | null;
  /** Whose visit, when it is a family member's and the reader may know (manage-visit.server.ts's visitPage). */
  forName?: string | null;
};

export type IntakeLinkData = { href: string; complete: boolean } | null;

/** When, how long, where, what and with whom — the facts a patient checks before leaving home. */
export function VisitFactsList({ facts }: { facts: VisitFactsData }) {
  const t = useT();
  return (
    <dl className="summary-list">
      <div>
        <dt>{t("visit.facts.when")}</dt>
        <dd>{facts.when}</dd>
      </div>
      <div>
        <dt>{t("visit.facts.visit")}</dt>
        <dd>
          {facts.serviceName} · {facts.length}
          {facts.series ? ` · ${t("visit.seriesPlace", { position: facts.series.position, of: facts.series.of })}` : null}
        </dd>
      </div>
      <div>
        <dt>{t("visit.facts.where")}</dt>
        <dd>
          {facts.studio.isVirtual ? t("visit.facts.videoVisit") : facts.studio.name}
          <StudioContact studio={facts.studio} />
        </dd>
      </div>
      {facts.withWhom ? (
        <div>
          <dt>{t("visit.facts.with")}</dt>
          <dd>{facts.withWhom}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** `?moved=1` / `?cancelled=1` (`=series`: several visits of its series with it): where a change's POST redirected to. */
export const changeOf = (url: URL): "moved" | "cancelled" | "cancelledSeries" | null =>
  url.searchParams.get("moved") === "1"
    ? "moved"
    : url.searchParams.get("cancelled") === "1"
    ? "cancelled"
    : url.searchParams.get("cancelled") === "series"
    ? "cancelledSeries"
    : null;

/** After a change, the page it lands on says what happened (the email follows). */
export function VisitChangedBanner({
  change,
  facts,
}: {
  change: ReturnType<typeof changeOf>;
  facts: VisitFactsData;
}) {
  const t = useT();
  if (change === "moved" && facts.status === "CONFIRMED") {
    return (
      <p className="notice notice-success" role="status">
        <Trans k="visit.changed.moved" vars={{ when: facts.when }} tags={{ when: <strong /> }} />
      </p>
    );
  }
  if (facts.status === "CANCELLED") {
    return (
      <div className="notice" role="status">
        <p>
          {change === "cancelledSeries" ? t("visit.changed.cancelledSeries") : change === "cancelled" ? t("visit.changed.cancelledEmailed") : t("visit.changed.cancelled")}
          {facts.chargedFee
            ? ` ${t("visit.changed.fee", { fee: facts.chargedFee })}`
            : ""}
        </p>
        <p>
          <Link to="/booking" className="button">
            {t("visit.bookAnother")}
          </Link>
        </p>
      </div>
    );
  }
  return null;
}

export function IntakeNotice({ intake }: { intake: IntakeLinkData }) {
  const t = useT();
  if (!intake) return null;
  return (
    <div className="notice">
      <h2>{t("visit.intake.heading")}</h2>
      {intake.complete ? (
        <p>
          {t("visit.intake.complete")}{" "}
          <a href={intake.href}>{t("visit.intake.seeAnswers")}</a>
        </p>
      ) : (
        <>
          <p>{t("visit.intake.lead")}</p>
          <p>
            <a href={intake.href} className="button">
              {t("visit.intake.cta")}
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
  const t = useT();
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
            {t("visit.manage.addToCalendar")}
          </a>
          {facts.studio.mapUrl && !facts.studio.isVirtual ? (
            <a
              href={facts.studio.mapUrl}
              className="button button-secondary"
              rel="noopener noreferrer"
              target="_blank"
            >
              {t("visit.manage.directions")}
              <span className="visually-hidden"> {t("visit.manage.newTab")}</span>
            </a>
          ) : null}
        </div>
      )}
      <h2>{t("visit.manage.bring")}</h2>
      <ul className="info-list">
        {facts.bring.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <h2 id="manage">{t("visit.manage.policyHeading")}</h2>
      <p>{facts.cancellationPolicy}</p>
      {facts.terms.canCancel ? (
        <>
          {facts.terms.canReschedule ? null : (
            <p>
              {facts.studio.phone ? (
                <>
                  {t("visit.manage.cantMoveCall")} <PhoneLink phone={facts.studio.phone} />.
                </>
              ) : (
                t("visit.manage.cantMove")
              )}
            </p>
          )}
          <div className="actions-row">
            {facts.terms.canReschedule ? (
              <Link to={`${base}/reschedule`} className="button">
                {t("visit.manage.reschedule")}
              </Link>
            ) : null}
            <Link to={`${base}/cancel`} className="button button-secondary">
              {t("visit.manage.cancel")}
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
export function visitTitle(t: T, facts: TitleFacts | undefined, { justBooked = false, area = false } = {}): string {
  const brand = BRAND;
  if (!facts) return t(area ? "visit.title.noneArea" : "visit.title.none", { brand });
  const state = t(
    facts.status === "CANCELLED" ? "visit.title.cancelled" : justBooked ? "visit.title.booked" : facts.past ? "visit.title.past" : "visit.title.visit",
  );
  return t(area ? "visit.title.factsArea" : "visit.title.facts", { state, service: facts.serviceName, when: facts.when, brand });
}
