// The bare Remix v2 page the bench compares the project with: one route, one form, the same Remix version and
// future flags, served by the project's own server.ts. bench/perf.ts builds it in a scratch directory.
/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverModuleFormat: "esm",
  serverPlatform: "node",
  future: { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true, v3_lazyRouteDiscovery: true },
};
