import { useFetcher } from "@remix-run/react";
import { Trans, useT } from "~/i18n/use-t";

/** Spec §2: hidden in web view, once dismissed, and on insurance-checker / studio-coming-soon paths. */
export function shouldShowCookieBanner({ pathname, isWebView, dismissed }: { pathname: string; isWebView: boolean; dismissed: boolean }) {
  if (dismissed || isWebView) return false;
  return !pathname.includes("insurance-checker") && !pathname.includes("studio-coming-soon");
}

/** A real POST form: without JavaScript it reloads the same page; with it, it dismisses in place. */
export function CookieBanner({ returnTo }: { returnTo: string }) {
  const fetcher = useFetcher();
  const t = useT();
  if (fetcher.state !== "idle" || fetcher.data) return null;
  return (
    <section className="cookie-banner" aria-label={t("common.cookies.label")}>
      <p>
        <Trans k="common.cookies.text" tags={{ policy: <a href="/terms#cookies" /> }} />
      </p>
      <fetcher.Form method="post" action="/cookie-consent">
        <input type="hidden" name="returnTo" value={returnTo} />
        <button type="submit" className="button button-small">
          {t("common.cookies.dismiss")}
        </button>
      </fetcher.Form>
    </section>
  );
}
