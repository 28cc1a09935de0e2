/**
 * Import boundaries (decision 005), checked in `npm test`. Layers, lowest first:
 *   rules (pure spec rules) → db → platform → auth (identity, sessions) → scheduling → flow
 *   → features (booking, intake, account, content) → ui → routes; app/server (the process: server.ts) above all.
 * A layer never imports one above it; features do not import each other; routes reach the database only
 * through feature modules, never through db/schema.
 */
const upper = (...layers) => `^app/(${layers.join("|")})/`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "rules-are-pure",
      comment: "app/rules holds the spec's rules as pure functions: it imports nothing of the app.",
      severity: "error",
      from: { path: "^app/rules/" },
      to: { path: "^app/(?!rules/)" },
    },
    {
      name: "db-is-the-bottom",
      severity: "error",
      from: { path: "^app/db/" },
      to: { path: upper("platform", "scheduling", "flow", "booking", "intake", "account", "auth", "content", "ui", "routes") },
    },
    {
      name: "platform-below-features",
      severity: "error",
      from: { path: "^app/platform/" },
      to: { path: upper("scheduling", "flow", "booking", "intake", "account", "auth", "content", "ui", "routes") },
    },
    {
      name: "auth-below-features",
      comment: "Who is logged in is asked by every feature (intake, the patient area, booking); auth asks none of them.",
      severity: "error",
      from: { path: "^app/auth/" },
      to: { path: upper("scheduling", "flow", "booking", "intake", "account", "content", "ui", "routes") },
    },
    {
      name: "scheduling-below-flows",
      comment: "Visits, availability and the calendar file serve booking, intake and the patient area alike.",
      severity: "error",
      from: { path: "^app/scheduling/" },
      to: { path: upper("flow", "booking", "intake", "account", "auth", "content", "ui", "routes") },
    },
    {
      name: "flow-engine-is-generic",
      severity: "error",
      from: { path: "^app/flow/" },
      to: { path: upper("db", "scheduling", "booking", "intake", "account", "auth", "content", "ui", "routes") },
    },
    {
      name: "features-below-ui-and-routes",
      severity: "error",
      from: { path: "^app/(booking|intake|account|auth|content|console)/" },
      to: { path: upper("ui", "routes") },
    },
    {
      name: "features-do-not-import-each-other",
      severity: "error",
      from: { path: "^app/(booking|intake|account|content)/" },
      to: { path: "^app/(booking|intake|account|content)/", pathNot: "^app/$1/" },
    },
    {
      name: "console-is-its-own-feature",
      comment: "The studio console (decision 020) uses the shared layers and reads intake through its module; no patient feature imports it.",
      severity: "error",
      from: { path: "^app/(rules|db|platform|auth|scheduling|flow|booking|intake|account|content)/" },
      to: { path: "^app/console/" },
    },
    {
      name: "api-reads-through-the-shared-layers",
      comment:
        "The read API (app/api, decision 033): keys, visits and the OpenAPI document. It uses rules, db, platform, auth (rate limits) and scheduling; it imports no feature, the console, ui or routes. Only routes (and the console's routes) import it.",
      severity: "error",
      from: { path: "^app/api/" },
      to: { path: upper("flow", "booking", "intake", "account", "content", "console", "recall", "waitlist", "fhir", "ui", "routes") },
    },
    {
      name: "nothing-below-imports-api-or-fhir",
      comment: "app/api and app/fhir (the open slot feed, decision 034) are read by routes only.",
      severity: "error",
      from: { path: "^app/(rules|db|platform|auth|scheduling|flow|booking|intake|account|content|console|recall|waitlist|ui|api|fhir)/" },
      to: { path: "^app/(api|fhir)/", pathNot: "^app/$1/" },
    },
    {
      name: "fhir-feed-reads-scheduling",
      comment: "The slot feed (app/fhir, decision 034) publishes what scheduling offers: it uses rules, db, platform and scheduling only.",
      severity: "error",
      from: { path: "^app/fhir/" },
      to: { path: upper("auth", "flow", "booking", "intake", "account", "content", "console", "recall", "waitlist", "api", "ui", "routes") },
    },
    {
      name: "ui-is-presentational",
      comment: "Components never reach the database or server-only modules (they would ship to the browser).",
      severity: "error",
      from: { path: "^app/ui/" },
      to: { path: ["^app/db/", "^app/routes/", "\\.server\\.tsx?$"] },
    },
    {
      name: "routes-not-to-schema",
      comment: "Routes are thin: queries live in feature modules.",
      severity: "error",
      from: { path: "^app/routes/" },
      to: { path: "^app/db/schema\\.ts$" },
    },
    {
      name: "server-is-the-top",
      comment: "app/server holds the process's pieces (server.ts composes them): nothing of the app imports them.",
      severity: "error",
      from: { path: "^app/(?!server/)" },
      to: { path: "^app/server/" },
    },
    {
      name: "no-circular",
      severity: "error",
      from: { path: "^app/" },
      to: { circular: true },
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"] },
  },
};
