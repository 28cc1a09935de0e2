/**
 * Import boundaries (decisions 005 and 040), checked by `npm run lint` in `npm test`.
 *
 * Every folder of app/ has a row in FOLDERS: its layer (lowest first) and the folders it may import. An import of a
 * folder not in its row fails lint; a folder without a row fails lint (anything it imports, anything importing it,
 * or the folder standing alone). The table cannot let an import run up: this file throws at load if a row names a
 * folder of a higher layer. A new folder under app/ therefore needs a row here, in the same change.
 *
 *   0 rules, styles     the spec's rules as pure functions; CSS
 *   1 db                schema, migrations' client
 *   2 platform          env, cookies, email, audit, HTTP guards: the app's plumbing
 *   3 jobs, i18n        the periodic-job helper; catalogues, locale, formatter
 *   4 auth, payments,   identity and sessions (every feature asks who is logged in); the payment seam (decision
 *     sms               035: providers, fees, Stripe's events — a cancel records its fee in its own transaction); texts
 *                       (decision 036: consent, the SMS outbox, replies; a visit's texts are queued by visit-notices
 *                       from its events, decision 070)
 *   5 scheduling        visits, availability, the calendar file
 *   6 flow              the generic step engine
 *   7 features          booking, intake, account, content, recall, webhooks, fhir, visit-notices (the visit emails and
 *                       texts, a consumer of the visit events, decision 070): they do not import each other
 *   8 on features       waitlist (joins from the booking funnel), api (reads visits, documents webhook payloads)
 *   9 console, dev      the studio console: reads intake, texts, webhooks, fees and API keys through their modules;
 *                       the development pages (/dev/outbox, /dev/sms)
 *  10 ui                presentational components (never the database, never a `.server` module)
 *  11 routes            thin: loaders and actions call feature modules (never the database)
 *  12 server            the process (server.ts composes it): nothing of the app imports it
 * The files at app/'s top (root.tsx, entry.*) may import any folder but server.
 */
/**
 * folder → [layer, folders it imports (besides itself)]. Each row lists what its folder's code imports today, no more:
 * an allowance no import uses fails `tests/unit/import-table.test.ts`, so a row says what the code does. A new
 * import across folders adds its target to the row, in the same change (never one of a higher layer).
 */
const FOLDERS = {
  rules: [0, []],
  styles: [0, []],
  db: [1, ["rules"]],
  platform: [2, ["rules", "db"]],
  jobs: [3, ["platform"]],
  i18n: [3, ["rules", "platform"]],
  auth: [4, ["rules", "db", "platform", "i18n"]],
  sms: [4, ["rules", "db", "platform"]],
  payments: [4, ["rules", "db", "platform", "jobs", "i18n"]],
  scheduling: [5, ["rules", "db", "platform", "jobs", "i18n", "payments", "sms"]],
  flow: [6, ["rules", "platform", "i18n"]],
  booking: [7, ["rules", "db", "platform", "i18n", "auth", "payments", "scheduling", "flow"]],
  intake: [7, ["rules", "db", "platform", "i18n", "auth", "scheduling", "flow"]],
  account: [7, ["rules", "db", "platform", "i18n", "auth", "sms", "scheduling", "flow", "payments"]],
  content: [7, ["rules", "platform", "i18n"]],
  recall: [7, ["rules", "db", "platform", "i18n", "auth", "scheduling", "flow"]],
  webhooks: [7, ["rules", "db", "platform", "scheduling"]],
  fhir: [7, ["rules", "db", "platform", "scheduling"]],
  "visit-notices": [7, ["rules", "db", "platform", "i18n", "sms", "scheduling"]],
  waitlist: [8, ["rules", "db", "platform", "i18n", "auth", "sms", "scheduling", "flow", "booking"]],
  api: [8, ["rules", "db", "platform", "auth", "scheduling", "flow"]],
  console: [9, ["rules", "db", "platform", "i18n", "auth", "sms", "payments", "scheduling", "flow", "intake", "webhooks", "api"]],
  dev: [9, ["db", "platform", "i18n", "sms", "scheduling", "flow"]],
  ui: [10, ["rules", "styles", "platform", "i18n", "scheduling"]],
  routes: [11, ["rules", "styles", "platform", "i18n", "auth", "sms", "payments", "scheduling", "flow", "booking", "intake", "account", "content", "recall", "webhooks", "fhir", "waitlist", "api", "console", "dev", "ui"]],
  server: [12, ["rules", "db", "platform", "jobs", "i18n", "auth", "sms", "payments", "scheduling", "booking", "account", "content", "recall", "webhooks", "visit-notices", "waitlist", "api"]],
};

/** Imports that run up today, each with the change that removes it. Nothing else may be added here. */
const RUNS_UP_FOR_NOW = {};

const allowed = (folder) => [...FOLDERS[folder][1], ...(RUNS_UP_FOR_NOW[folder] ?? [])];
for (const [folder, [layer, may]] of Object.entries(FOLDERS)) {
  for (const target of may) {
    if (!(target in FOLDERS)) throw new Error(`.dependency-cruiser.cjs: ${folder} may import ${target}, which has no row`);
    if (FOLDERS[target][0] > layer) throw new Error(`.dependency-cruiser.cjs: ${folder} (layer ${layer}) may not import ${target} (layer ${FOLDERS[target][0]}): that runs up`);
  }
}

const folders = (names) => `^app/(${names.join("|")})/`;
const KNOWN = folders(Object.keys(FOLDERS));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...Object.keys(FOLDERS).map((folder) => ({
      name: `${folder}-imports-its-row`,
      comment: `app/${folder} may import only ${allowed(folder).join(", ") || "nothing of the app"} (.dependency-cruiser.cjs, FOLDERS).`,
      severity: "error",
      from: { path: `^app/${folder}/` },
      to: { path: "^app/", pathNot: folders([folder, ...allowed(folder)]) },
    })),
    {
      name: "every-folder-has-a-row",
      comment: "A folder of app/ without a row in FOLDERS (.dependency-cruiser.cjs): add one, with its layer and imports.",
      severity: "error",
      from: { path: "^app/[^/]+/", pathNot: KNOWN },
      to: {},
    },
    {
      name: "every-folder-has-a-row-even-alone",
      comment: "A folder of app/ without a row in FOLDERS (.dependency-cruiser.cjs), its files importing nothing and imported by nothing.",
      severity: "error",
      from: { orphan: true, path: "^app/[^/]+/", pathNot: KNOWN },
      to: {},
    },
    {
      name: "server-is-the-top",
      comment: "app/server holds the process's pieces (server.ts composes them): nothing of the app imports them.",
      severity: "error",
      from: { path: "^app/(?!server/)" },
      to: { path: "^app/server/" },
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
