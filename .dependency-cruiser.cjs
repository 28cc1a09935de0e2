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
      name: "scheduling-imports-no-consumer",
      comment:
        "Scheduling writes the visit record (visit_events, decision 031); the waitlist, recall and webhooks consume it. Scheduling imports none of them.",
      severity: "error",
      from: { path: "^app/scheduling/" },
      to: { path: "^app/(waitlist|recall|webhooks)/" },
    },
    {
      name: "jobs-helper-is-generic",
      comment: "app/jobs runs any tick (decision 031): it knows no job's work, and the layers under it do not start jobs.",
      severity: "error",
      from: { path: "^app/jobs/" },
      to: { path: "^app/(?!jobs/|platform/|rules/)" },
    },
    {
      name: "jobs-above-platform",
      severity: "error",
      from: { path: "^app/(rules|db|platform)/" },
      to: { path: "^app/jobs/" },
    },
    {
      name: "webhooks-is-a-consumer",
      comment: "Webhooks (decision 032) read the visit record and deliver it: they use the layers below, and only the console, routes and the process use them.",
      severity: "error",
      from: { path: "^app/webhooks/" },
      to: { path: upper("flow", "booking", "intake", "account", "content", "console", "waitlist", "recall", "ui", "routes") },
    },
    {
      name: "webhooks-used-from-above",
      severity: "error",
      from: { path: "^app/(rules|db|platform|auth|scheduling|flow|booking|intake|account|content|jobs|waitlist|recall|ui)/" },
      to: { path: "^app/webhooks/" },
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
