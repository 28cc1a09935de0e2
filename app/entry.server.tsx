import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from "@remix-run/node";
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
