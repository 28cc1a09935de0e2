/**
 * Sentry's browser SDK, loaded only when error reporting is switched on. It uses React but not React DOM or
 * Remix; imported straight from enhancements.client, it split React into a chunk of its own that every page then
 * loaded beside the framework chunk (≈ 2.6 KB more gzip per page, decision 013). Re-exporting one Remix binding
 * here makes this chunk reach the same framework modules as every page, so they stay in one chunk.
 */
export { init, replayIntegration } from "@sentry/remix";
/** @public kept for the chunking above, not called */
export { useMatches as frameworkAnchor } from "@remix-run/react";
