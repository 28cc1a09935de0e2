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
  // Every future flag Remix 2.17 knows is set on purpose (an unset one prints a warning on each build; decision 047).
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    // Each page carries only its own routes in the manifest, the rest found when a link to them shows (decision 013).
    v3_lazyRouteDiscovery: true,
    // Off: loaders answer `?_data=` JSON as they always have (decision 011's caches, 027's words appended to the root's
    // data, the budget test's 96 KB). Turning it on is a whole change: turbo-stream data, `headers` per route merged,
    // the words' path, and ≈ 2.6 KB of client JS it needs on every page (decision 041).
    v3_singleFetch: false,
    // Off: routes come from remix-flat-routes above; `app/routes.ts` needs Remix's Vite compiler.
    v3_routeConfig: false,
  },
};
