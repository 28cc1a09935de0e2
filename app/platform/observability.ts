/**
 * Error reporting (Sentry) and product analytics (Segment) configuration, in one pure module.
 * Both are off unless their key is set; on a health site they never record what patients type.
 */

/**
 * The browser's error reports go to this site, which passes them on to Sentry (spec §7, the tunnel route
 * app/routes/_resources+/monitoring.tsx): a same-origin post that ad blockers and the CSP let through.
 */
export const SENTRY_TUNNEL_PATH = "/monitoring";

/** Spec §9: traces 10 %, replays 10 % of sessions and every session with an error, messages ≤ 250 chars. */
export function sentryOptions({ dsn, environment, siteOrigin, tunnel }: { dsn?: string | null; environment: string; siteOrigin: string; tunnel?: string }) {
  if (!dsn) return null;
  return {
    dsn,
    ...(tunnel ? { tunnel } : {}),
    environment,
    sendDefaultPii: false,
    tracesSampleRate: 0.1,
    replaysSessionSampleRate: 0.1,
    replaysOnErrorSampleRate: 1.0,
    maxValueLength: 250,
    tracePropagationTargets: ["localhost", siteOrigin, /^\/api\//],
    // A 404 page and a redirect are answers, not errors.
    ignoreErrors: [/^Not found$/i, /redirect/i],
    ignoreTransactions: ["routes/$"],
  };
}

/** Replay on a health site: every text, input and image masked. */
export const SENTRY_REPLAY_PRIVACY = { maskAllText: true, maskAllInputs: true, blockAllMedia: true } as const;

/** Spec §9: batches of 50 events, flushed every 5 s. */
export function segmentSettings(writeKey?: string | null) {
  if (!writeKey) return null;
  return {
    settings: { writeKey },
    options: {
      integrations: { "Segment.io": { deliveryStrategy: { strategy: "batching" as const, config: { size: 50, timeout: 5000 } } } },
    },
  };
}

/**
 * What the Content-Security-Policy must also allow when they are on (the chat widget too: its site and SCRT
 * origins). Sentry needs nothing: the browser sends to the tunnel, on this site ('self').
 */
export function observabilityCsp({
  segmentWriteKey,
  chat,
}: {
  segmentWriteKey?: string | null;
  chat?: { siteUrl: string; scrtUrl: string } | null;
}) {
  const connect: string[] = [];
  const script: string[] = [];
  const frame: string[] = [];
  const style: string[] = [];
  if (chat) {
    const site = new URL(chat.siteUrl).origin;
    const scrt = new URL(chat.scrtUrl).origin;
    script.push(site);
    connect.push(site, scrt);
    frame.push(site);
    style.push(site);
  }
  if (segmentWriteKey) {
    connect.push("https://cdn.segment.com", "https://api.segment.io");
    script.push("https://cdn.segment.com");
  }
  return { connect, script, frame, style };
}
