import { isRouteErrorResponse, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useT } from "~/i18n/use-t";

/**
 * What a page's loader throws while the database is away (entry.server's databaseUnavailable, decision 028). The
 * phone comes as a link's parts, made on the server: every page carries this page (the root's error boundary), and
 * with PhoneLink it also loaded the phone rules' chunk (0.4 KB gzip), which only pages showing a phone need.
 */
export type UnavailableAnswer = { unavailable: true; phone: { text: string; href: string } | null };

export const isUnavailableAnswer = (error: unknown): error is { status: 503; data: UnavailableAnswer } =>
  isRouteErrorResponse(error) && error.status === 503 && (error.data as Partial<UnavailableAnswer> | null)?.unavailable === true;

/** The 503 page: the database is away, nothing is wrong with the patient's request; again in a minute, or the studio's phone. */
export function Unavailable({ phone }: { phone: UnavailableAnswer["phone"] }) {
  const t = useT();
  const { pathname, search } = useLocation();
  return (
    <div className="page narrow">
      <h1>{t("common.unavailable.title")}</h1>
      <p className="lead">{t("common.unavailable.lead")}</p>
      {phone ? (
        <p>
          {t("common.unavailable.call")}{" "}
          <a href={phone.href} className="phone-link">
            {phone.text}
          </a>
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

/**
 * What the root route exposes to the other routes' error boundaries (its `handle`): the 503 page for an error that
 * is the database being away, else null. A route with its own boundary (the times page) renders it through
 * `useOutagePage` rather than importing this module: a module the root and one route both import is a chunk of its
 * own that every page loads (0.2 KB gzip, issue 34's 96 KB).
 */
export type RootHandle = { outagePage: (error: unknown) => ReactNode };

export const rootHandle: RootHandle = {
  outagePage: (error) => (isUnavailableAnswer(error) ? <Unavailable phone={error.data.phone} /> : null),
};
