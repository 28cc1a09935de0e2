import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { json } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { getPatient } from "~/auth/sessions.server";
import { referralPopupFor } from "~/content/popup.server";
import { isPublicPage } from "~/content/public-pages";
import { buildPageState } from "~/platform/page-state.server";
import { canonicalUrl } from "~/rules/canonical";
import { goneLinkOf } from "~/platform/gone-link";
import { isWebView, viewportContent } from "~/rules/web-view";
import { CookieBanner, shouldShowCookieBanner } from "~/ui/cookie-banner";
import { ClientEnhancements } from "~/ui/client-enhancements";
import { AccountMenu, SiteFooter, SiteHeader } from "~/ui/site-chrome";
import { useNonce } from "~/ui/nonce";
import { FocusHeadingOnNavigate } from "~/ui/focus-heading";
import { ReferralPopup } from "~/ui/referral-popup";
import { BRAND_NAME } from "~/ui/brand";
import { SiteStyles } from "~/ui/site-styles";
import { pageLanguage } from "~/i18n/page.server";
import { isStaffPath } from "~/i18n/namespaces";
import { localize, type T } from "~/i18n/translate";
import { DocumentWordsScript, metaT, Trans, usePageI18n, useT } from "~/i18n/use-t";
import { LanguageAlternates, LanguageSwitch } from "~/ui/language-switch";
import { isUnavailableAnswer, rootHandle } from "~/ui/unavailable";

export const handle = rootHandle;

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** The error boundary's title comes from here too: a page has one <title>, and an error page says what went wrong. */
export const meta: MetaFunction = ({ error, matches }) => {
  const t = metaT(matches);
  if (!error) return [{ title: t("common.meta.title", { brand: BRAND_NAME }) }];
  return [{ title: errorTitle(t, error) }, { name: "robots", content: "noindex" }];
};

function errorTitle(t: T, error: unknown) {
  if (isUnavailableAnswer(error)) return `${t("common.unavailable.title")} — ${BRAND_NAME}`;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const gone = notFound ? goneLinkOf(error.data) : null;
  const heading = gone ? localize(t, gone.heading) : t(notFound ? "common.error.notFoundTitle" : "common.error.title");
  return `${heading} — ${BRAND_NAME}`;
}

/** An error page without the root's data (meta had no messages then): its title and noindex from the server's words. */
function ErrorHead() {
  const t = useT();
  const error = useRouteError();
  return (
    <>
      <title>{errorTitle(t, error)}</title>
      <meta name="robots" content="noindex" />
    </>
  );
}

export async function loader({ request }: LoaderFunctionArgs) {
  // The studio console (decision 020) is not a patient page: no patient session read, no referral popup.
  const { pathname } = new URL(request.url);
  const staffPage = isStaffPath(pathname);
  const patient = staffPage ? null : await getPatient(request);
  const { state, headers } = await buildPageState(request, { userEmail: patient?.email ?? null });
  const referral = staffPage ? null : await referralPopupFor(request);
  if (referral) headers.append("Set-Cookie", referral.setCookie);
  // The page's words are not in this data on a document: entry.server gives them to the render and the page's script.
  const { alternates, setCookie } = pageLanguage(request, { staff: staffPage, public: isPublicPage(pathname) });
  if (setCookie) headers.append("Set-Cookie", setCookie);
  return json({ ...state, popup: referral?.popup ?? null, alternates }, { headers });
}

/** A client navigation to another page brings that page's words (each page ships its own, issue 34; entry.server adds them). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;

function Document({ children, isError = false }: { children: ReactNode; isError?: boolean }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const { locale } = usePageI18n();
  const t = useT();
  const matches = useMatches();
  const nonce = useNonce();
  const webView = isWebView({ routeIds: matches.map((m) => m.id), webViewCookie: data?.webViewCookie ?? null });
  const pathname = data?.pathname ?? "/";
  if (isStaffPath(pathname)) return <ConsoleDocument>{children}</ConsoleDocument>;
  const banner = data ? shouldShowCookieBanner({ pathname, isWebView: webView, dismissed: data.cookieBannerDismissed }) : false;
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content={viewportContent(webView)} />
        {data ? <Meta /> : <ErrorHead />}
        {/* An error page is no page of the site: no canonical address for a missing one. */}
        {data && !isError ? <link rel="canonical" href={canonicalUrl(data.siteOrigin, pathname)} /> : null}
        {data && !isError ? <LanguageAlternates alternates={data.alternates} /> : null}
        <SiteStyles />
        <Links />
      </head>
      <body className={[webView ? "web-view" : "", banner ? "has-cookie-banner" : ""].filter(Boolean).join(" ") || undefined}>
        <a className="skip-link" href="#main">
          {t("common.skipToContent")}
        </a>
        {webView ? <LanguageSwitch bar /> : <SiteHeader userEmail={data?.userEmail ?? null} pathname={pathname} />}
        {data ? <AccountMenu userEmail={data.userEmail} returnTo={data.returnTo} /> : null}
        <main id="main" tabIndex={-1}>
          {data?.popup ? <ReferralPopup popup={data.popup} closeAction={pathname} /> : null}
          {children}
        </main>
        <SiteFooter supportEmail={data?.supportEmail ?? ""} appStoreUrl={webView ? null : (data?.appStoreUrl ?? null)} />
        {data && banner ? <CookieBanner returnTo={data.returnTo} /> : null}
        <FocusHeadingOnNavigate />
        {/* Intake pages hold health data and a bearer token in the URL: no third-party scripts (error reporting, analytics) there. */}
        <ClientEnhancements
          publicEnv={isIntakePath(pathname) ? null : (data?.publicEnv ?? null)}
          isLoggedIn={Boolean(data?.userEmail)}
          market={data?.market ?? null}
          isWebView={webView}
        />
        <DocumentWordsScript />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * The studio console's document: its own chrome (in its layout route), and no scripts at all — every console page
 * is a server-rendered form, and no patient page's script (analytics, error reporting, the app bridge) loads there.
 */
function ConsoleDocument({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <Meta />
        <SiteStyles />
        <Links />
      </head>
      <body className="console">
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <main id="main" tabIndex={-1}>
          {children}
        </main>
      </body>
    </html>
  );
}

const isIntakePath = (pathname: string) => pathname === "/intake" || pathname.startsWith("/intake/");

export default function App() {
  return (
    <Document>
      <Outlet />
    </Document>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const t = useT();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const gone = notFound ? goneLinkOf(error.data) : null;
  const outage = handle.outagePage(error);
  if (outage) return <Document isError>{outage}</Document>;
  if (gone) {
    return (
      <Document isError>
        <div className="page narrow">
          <h1>{localize(t, gone.heading)}</h1>
          <p className="lead">{localize(t, gone.message)}</p>
          <p>
            <a href={gone.next.href} className="button">
              {localize(t, gone.next.label)}
            </a>
          </p>
        </div>
      </Document>
    );
  }
  return (
    <Document isError>
      <div className="page narrow">
        {notFound ? (
          <>
            <h1>{t("common.error.notFoundHeading")}</h1>
            <p>{t("common.error.notFoundLead")}</p>
          </>
        ) : (
          <>
            <h1>{t("common.error.title")}</h1>
            <p>{t("common.error.lead")}</p>
          </>
        )}
        <p>
          <Trans k="common.error.next" tags={{ home: <a href="/" />, book: <a href="/booking" /> }} />
        </p>
      </div>
    </Document>
  );
}
