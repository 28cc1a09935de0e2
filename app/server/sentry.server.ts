import type { Env } from "~/platform/env.server";
import { sentryOptions } from "~/platform/observability";

/** Sentry on the server when SENTRY_DSN is set; its SDK is loaded only then. */
export async function startSentry(env: Env) {
  const options = sentryOptions({ dsn: env.SENTRY_DSN, environment: env.NODE_ENV, siteOrigin: env.SITE_ORIGIN });
  if (!options) return;
  const Sentry = await import("@sentry/remix");
  Sentry.init(options);
  // entry.server's handleError reports through this hook, so the bundle needs no Sentry import.
  (globalThis as { __reportError?: (error: unknown) => void }).__reportError = (error) => Sentry.captureException(error);
}
