import { json, type AppLoadContext, type EntryContext, type HandleDataRequestFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { cookies, readCookies } from "~/platform/cookies.server";
import { isWebView } from "~/rules/web-view";
import { NonceContext } from "~/ui/nonce";
import { SITE_STYLESHEETS, SiteStylesContext } from "~/ui/site-styles";
import { builtStylesheets, siteStylesHref } from "~/platform/site-styles.server";
import { redactForLog } from "~/platform/redact";
import { documentI18n, varyByLanguage, withPageWords } from "~/i18n/page.server";
import { DocumentWords, putDocumentWords } from "~/i18n/use-t";
import { wholeResponse } from "~/platform/whole-body.server";
import { chosenStudioPhone } from "~/booking/step.server";
import { i18nOf } from "~/i18n/locale.server";
import { formatPhone, phoneLink } from "~/rules/phone";
import type { UnavailableAnswer } from "~/ui/unavailable";
import { rejected } from "~/flow/forms.server";
import { registerCache } from "~/rules/bounded-map";
import { formattersKept, MAX_FORMATTERS } from "~/rules/intl-formats";

// The build's Intl formatters (the copy its pages use), in the metrics beside the BoundedMaps (lru-map.ts says why here).
registerCache("Intl formatters", MAX_FORMATTERS, formattersKept);

/**
 * A page is rendered to one string (decision 019): no page uses Suspense or deferred data, so a stream would
 * send the same bytes in one piece anyway, at more CPU (React's streaming renderer, a Node stream bridged to a
 * web stream). Bots, JS-off browsers and browsers all get the same whole document; browsers hydrate it.
 * A page that one day needs Suspense needs renderToPipeableStream back (see decision 013's OneChunkPerTurn).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = (loadContext as { nonce?: string }).nonce ?? "";
  // Spec §4: a web-view page (route id or the app's cookie) keeps the web view's mode on the next pages.
  const routeIds = remixContext.staticHandlerContext.matches.map((m) => m.route.id);
  if (isWebView({ routeIds, webViewCookie: readCookies(request).web_view ?? null })) responseHeaders.append("Set-Cookie", cookies.webView());
  // The page's words travel beside the loader data, not in it (decision 027, issue 22); an error page without root
  // data (an action threw, or the root loader failed) still speaks the reader's language.
  const words = documentI18n(request, { manifest: remixContext.manifest, routeIds });
  putDocumentWords(remixContext.staticHandlerContext.loaderData, words);
  // The site's styles inline on a browser's first page, linked from its cache on the next ones (decision 048).
  const { css, fingerprint } = builtStylesheets(SITE_STYLESHEETS);
  const cached = css !== "" && readCookies(request).site_css === fingerprint;
  if (css !== "" && !cached) responseHeaders.append("Set-Cookie", cookies.siteStyles(fingerprint));
  // A render error throws here: Remix then renders the error boundary (as a shell error did before).
  const html = renderToString(
    <NonceContext.Provider value={nonce}>
      <SiteStylesContext.Provider value={{ css: cached ? null : css, href: siteStylesHref(fingerprint) }}>
        <DocumentWords.Provider value={words}>
          <RemixServer context={remixContext} url={request.url} nonce={nonce} />
        </DocumentWords.Provider>
      </SiteStylesContext.Provider>
    </NonceContext.Provider>,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // A page that could not be made now (the database away, decision 028): when to ask again, and never kept by a cache.
  if (responseStatusCode === 503) {
    if (!responseHeaders.has("Retry-After")) responseHeaders.set("Retry-After", RETRY_AFTER_SECONDS);
    responseHeaders.set("Cache-Control", "no-store");
  }
  varyByLanguage(responseHeaders);
  // Marked whole: the server writes it in one piece instead of reading it back from the Response's stream.
  return wholeResponse(`<!DOCTYPE html>${html}`, { headers: responseHeaders, status: responseStatusCode }, loadContext);
}

/** A loader's data is in the page's language too (decision 027); the root's carries the page's words. */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  varyByLanguage(response.headers);
  return new URL(request.url).searchParams.get("_data") === "root" ? withPageWords(response, request) : response;
};

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // Message and stack only: never the request body or query.
  console.error("[error]", redactForLog(error));
  (globalThis as { __reportError?: (error: unknown) => void }).__reportError?.(error);
}

const RETRY_AFTER_SECONDS = "60"; // the page says "try again in a minute"
/** Fields never written back into a page: passwords, sign-in and setup codes, tokens, a card's number and CVC. */
const SECRET_FIELD = /password|^(confirm|code|token|number|cvc)$/i;

/**
 * The answer while the database is away (decision 028), for a loader or action whose error says so (the server
 * wraps every route's: app/server/remix.server.ts): 503 with Retry-After, in the reader's language, with the phone
 * of the studio their booking chose when this process knows it. A loader's is thrown (the error boundary shows the
 * page); an action's (`posted`) is the form's answer: the form again with what was posted and the message on top.
 */
export async function databaseUnavailable(request: Request, posted: FormData | null): Promise<Response> {
  const init = { status: 503, headers: { "Retry-After": RETRY_AFTER_SECONDS, "Cache-Control": "no-store" } };
  const phone = await chosenStudioPhone(request).catch(() => null);
  if (!posted) return json({ unavailable: true, phone: phone ? phoneLink(phone) : null } satisfies UnavailableAnswer, init);
  const { t } = i18nOf(request);
  const message = phone ? t("common.unavailable.formWithPhone", { phone: formatPhone(phone) }) : t("common.unavailable.form");
  const initialValue: Record<string, string | string[]> = {};
  for (const [name, value] of posted) {
    if (typeof value !== "string" || SECRET_FIELD.test(name)) continue;
    const before = initialValue[name];
    initialValue[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return rejected(initialValue, { "": [message] }, init);
}
