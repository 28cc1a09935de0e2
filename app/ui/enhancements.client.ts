/**
 * What runs after hydration, loaded as a chunk of its own so no page's first load carries it (client JS
 * budget): error reporting and analytics when their keys are set, the chat widget, web vitals.
 */
import { segmentSettings, sentryOptions, SENTRY_REPLAY_PRIVACY, SENTRY_TUNNEL_PATH } from "~/platform/observability";
import { loggablePath } from "~/platform/redact";

export type ChatSettings = { orgId: string; deployment: string; siteUrl: string; scrtUrl: string };
export type PublicEnv = { SENTRY_DSN: string | null; SEGMENT_WRITE_KEY: string | null; chat?: ChatSettings | null };

/**
 * Salesforce Embedded Messaging (SALESFORCE_CHAT): its bootstrap script after hydration, then init. A failure
 * says so in the console the spec's way and leaves the page as it is (the footer's support email stays).
 */
export function loadChat(chat: ChatSettings) {
  const fail = (error?: unknown) => console.error("Error loading Embedded Messaging", error ?? "");
  const script = document.createElement("script");
  script.src = `${chat.siteUrl}/assets/js/bootstrap.min.js`;
  script.async = true;
  script.onload = () => {
    try {
      const bootstrap = (window as unknown as { embeddedservice_bootstrap?: { settings: { language: string }; init: (...args: unknown[]) => void } }).embeddedservice_bootstrap;
      if (!bootstrap) throw new Error("embeddedservice_bootstrap missing");
      bootstrap.settings.language = "en_US";
      bootstrap.init(chat.orgId, chat.deployment, chat.siteUrl, { scrt2URL: chat.scrtUrl });
    } catch (error) {
      fail(error);
    }
  };
  script.onerror = () => fail();
  document.body.appendChild(script);
}

export type VitalsContext = { market: string | null; isWebView: boolean; isLoggedIn: boolean };

/**
 * The session's landing page for analytics: origin and path only, tokens and addresses masked (a visit's or
 * intake's link must not leave the browser through a tag manager).
 */
function originalLocation(): string {
  try {
    const kept = window.sessionStorage.getItem("originalLocation");
    if (kept) return kept;
    const landing = window.location.origin + loggablePath(window.location.pathname);
    window.sessionStorage.setItem("originalLocation", landing);
    return landing;
  } catch {
    return window.location.origin + loggablePath(window.location.pathname);
  }
}

/** LCP, INP and CLS of this page load, each pushed once to the data layer as a `web-vitals` event (spec §9). */
export function reportWebVitals(context: VitalsContext) {
  const landing = originalLocation();
  void import("web-vitals")
    .then(({ onCLS, onINP, onLCP }) => {
      const push = (metric: { name: string; value: number; id: string }) => {
        const w = window as unknown as { dataLayer?: object[] };
        (w.dataLayer ??= []).push({ event: "web-vitals", name: metric.name, value: metric.value, label: metric.id, ...context, originalLocation: landing });
      };
      onLCP(push);
      onINP(push);
      onCLS(push);
    })
    .catch(() => undefined);
}


/** Sentry and Segment, each only when its key is set, each in its own chunk. */
export function loadObservability(publicEnv: PublicEnv, isLoggedIn: boolean) {
  // Through this site's tunnel: ad blockers drop posts to Sentry's own host, and the CSP stays 'self'.
  const sentry = sentryOptions({ dsn: publicEnv.SENTRY_DSN, environment: "production", siteOrigin: window.location.origin, tunnel: SENTRY_TUNNEL_PATH });
  if (sentry) {
    void import("./sentry.client")
      .then((Sentry) => Sentry.init({ ...sentry, integrations: [Sentry.replayIntegration(SENTRY_REPLAY_PRIVACY)] }))
      .catch(() => undefined);
  }
  const segment = segmentSettings(publicEnv.SEGMENT_WRITE_KEY);
  if (segment) {
    void import("@segment/analytics-next")
      .then(({ AnalyticsBrowser }) => AnalyticsBrowser.load(segment.settings, segment.options).page({ isLoggedIn }))
      .catch(() => undefined);
  }
  if (publicEnv.chat) loadChat(publicEnv.chat);
}
