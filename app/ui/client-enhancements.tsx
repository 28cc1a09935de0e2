import { useEffect } from "react";
import { segmentSettings, sentryOptions, SENTRY_REPLAY_PRIVACY } from "~/platform/observability";
import { captureReferral } from "~/rules/referral";

/** Runs only when JavaScript does: mirrors the referral code into browser storage (spec §4). */
type PublicEnv = { SENTRY_DSN: string | null; SEGMENT_WRITE_KEY: string | null };

export function ClientEnhancements({ isLoggedIn, publicEnv }: { isLoggedIn: boolean; publicEnv: PublicEnv | null }) {
  useEffect(() => {
    // Loaded only when switched on, after hydration, in chunks of their own: no weight otherwise.
    const sentry = sentryOptions({ dsn: publicEnv?.SENTRY_DSN, environment: "production", siteOrigin: window.location.origin });
    if (sentry) {
      void import("@sentry/remix")
        .then((Sentry) => Sentry.init({ ...sentry, integrations: [Sentry.replayIntegration(SENTRY_REPLAY_PRIVACY)] }))
        .catch(() => undefined);
    }
    const segment = segmentSettings(publicEnv?.SEGMENT_WRITE_KEY);
    if (segment) {
      void import("@segment/analytics-next")
        .then(({ AnalyticsBrowser }) => AnalyticsBrowser.load(segment.settings, segment.options).page())
        .catch(() => undefined);
    }
  }, [publicEnv?.SENTRY_DSN, publicEnv?.SEGMENT_WRITE_KEY]);

  useEffect(() => {
    // Marks the page as interactive (used by the e2e tests to wait for hydration instead of racing it).
    document.documentElement.dataset.hydrated = "true";
  }, []);
  useEffect(() => {
    const referral = captureReferral(new URLSearchParams(window.location.search));
    if (!referral) return;
    try {
      window.localStorage.setItem("friendbuy_referral_code", referral.code);
      if (referral.version) window.localStorage.setItem("friendbuy_referral_version", referral.version);
    } catch {
      // storage may be disabled (private mode): the first-party cookie still carries the code
    }
  }, []);
  useEffect(() => {
    try {
      window.localStorage.setItem("isLoggedIn", String(isLoggedIn));
    } catch {
      /* ignore */
    }
  }, [isLoggedIn]);
  return null;
}
