import { isRouteErrorResponse, useLocation } from "@remix-run/react";
import { useT } from "~/i18n/use-t";
import { PhoneLink } from "./phone-link";

/** What a page's loader throws while the database is away (entry.server's databaseUnavailable, decision 028). */
export type UnavailableAnswer = { unavailable: true; phone: string | null };

export const isUnavailableAnswer = (error: unknown): error is { status: 503; data: UnavailableAnswer } =>
  isRouteErrorResponse(error) && error.status === 503 && (error.data as Partial<UnavailableAnswer> | null)?.unavailable === true;

/** The 503 page: the database is away, nothing is wrong with the patient's request; again in a minute, or the studio's phone. */
export function Unavailable({ phone }: { phone: string | null }) {
  const t = useT();
  const { pathname, search } = useLocation();
  return (
    <div className="page narrow">
      <h1>{t("common.unavailable.title")}</h1>
      <p className="lead">{t("common.unavailable.lead")}</p>
      {phone ? (
        <p>
          {t("common.unavailable.call")} <PhoneLink phone={phone} />
        </p>
      ) : null}
      <p>
        <a href={`${pathname}${search}`} className="button">
          {t("common.unavailable.retry")}
        </a>
      </p>
    </div>
  );
}
