import { flatRoutes } from "remix-flat-routes";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // Routes are feature folders (`app/routes/booking+/times.tsx` with `times.server.ts` beside it), read by
  // remix-flat-routes: decision 005. Everything else in those folders is the route's own code, not a route.
  ignoredRouteFiles: ["**/*"],
  routes: async (defineRoutes) =>
    flatRoutes("routes", defineRoutes, {
      ignoredRouteFiles: [".*", "**/*.css", "**/*.test.{js,jsx,ts,tsx}", "**/*.server.*", "**/*.client.*", "**/__*.*"],
    }),
  serverModuleFormat: "esm",
  serverPlatform: "node",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    // Each page carries only its own routes in the manifest, the rest found when a link to them shows (decision 013).
    v3_lazyRouteDiscovery: true,
  },
};
