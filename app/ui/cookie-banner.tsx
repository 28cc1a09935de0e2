import { useFetcher } from "@remix-run/react";

export const COOKIE_BANNER_TEXT = "By using this website, you agree with our use of cookies. To learn more read our";

/** Spec §2: hidden in web view, once dismissed, and on insurance-checker / studio-coming-soon paths. */
export function shouldShowCookieBanner({ pathname, isWebView, dismissed }: { pathname: string; isWebView: boolean; dismissed: boolean }) {
  if (dismissed || isWebView) return false;
  return !pathname.includes("insurance-checker") && !pathname.includes("studio-coming-soon");
}

/** A real POST form: without JavaScript it reloads the same page; with it, it dismisses in place. */
export function CookieBanner({ returnTo }: { returnTo: string }) {
  const fetcher = useFetcher();
  if (fetcher.state !== "idle" || fetcher.data) return null;
  return (
    <section className="cookie-banner" aria-label="Cookie notice">
      <p>
        {COOKIE_BANNER_TEXT} <a href="/terms#cookies">Cookie Policy</a>.
      </p>
      <fetcher.Form method="post" action="/cookie-consent">
        <input type="hidden" name="returnTo" value={returnTo} />
        <button type="submit" className="button button-small">
          Dismiss
        </button>
      </fetcher.Form>
    </section>
  );
}
