import { defineConfig } from "@playwright/test";
import { BROWSER_PROJECTS, projectPorts, RECALL_E2E_FILE, STAFF_LINKS_FILE } from "./tests/e2e/ports";

/** Each browser project's server has its own data dir (decision 071): the first is made, then copied for the second. */
const DATA_ROOT = process.env.E2E_DATA_DIR ?? `/tmp/dental-e2e-${process.pid}`;
const dataDir = (project: string) => `${DATA_ROOT}/${project}`;
/**
 * The console specs sign in with accounts made by `npm run staff` before the servers start (the embedded database
 * has one opener at a time): one of each per project, the links kept in STAFF_LINKS_FILE (tests/e2e/support.ts).
 */
const staffAdd = (args: string) => `node --import tsx scripts/staff.ts add ${args} >> ${STAFF_LINKS_FILE}`;
const [FIRST, ...OTHERS] = BROWSER_PROJECTS;

/** The app server of one browser project: the production build, its own port, data dir and SMTP inbox. */
function server(project: string, prepare: string[]) {
  const { app, smtp } = projectPorts(project);
  return {
    command: [...prepare, "node --import tsx server.ts"].join(" && "),
    url: `http://localhost:${app}/healthz`,
    // Seven commands before the first server on a shared 2-core machine: 180 s was seen running out (2026-11-27, load 20).
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: {
      PORT: String(app),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir(project),
      NODE_ENV: "production",
      SITE_ORIGIN: "https://dental.example.com",
      DEV_ROUTES: "true",
      AVAILABILITIES_TIMEOUT_MS: "5000",
      // Every spec chooses times from 127.0.0.1: the whole suite passes the address's ceiling (decision 055); each
      // browser context is its own device, under the default per-device and per-booking limits.
      SLOT_HOLDS_PER_ADDRESS_HOUR: "100000",
      SLOT_HOLDS_PER_ADDRESS_DAY: "100000",
      // The project's inbox: a spec runs a real SMTP server there and reads the emails the app sends (tests/e2e/mailbox.ts).
      SMTP_URL: `smtp://127.0.0.1:${smtp}`,
      // The webhooks spec's receiver listens on loopback (plain http://); a failing endpoint gives up within seconds.
      WEBHOOK_ALLOW_PRIVATE: "true",
      WEBHOOK_RETRY_SCHEDULE: "1s,2s,4s",
    },
  };
}

/**
 * e2e runs against the production build, in Debian's Chromium, once with JavaScript off and once on: each project
 * on its own worker against its own server (decision 071), the two at once.
 */
export default defineConfig({
  testDir: "tests/e2e",
  // A journey scans a dozen pages with axe; on a slow shared machine that alone can pass a minute.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  // A stray `test.only` would run one test and pass the run: refused everywhere (vitest.config.ts: allowOnly: false).
  forbidOnly: true,
  // One worker per browser project (`workers: 1` on each below): a project's specs share its server's first free
  // times, its inbox's port and its staff accounts, so they run one after another; the two projects side by side.
  fullyParallel: false,
  workers: 2,
  // A flaky test is a bug (issue 42): fixed, not retried.
  retries: 0,
  reporter: [["list"]],
  use: {
    trace: "off",
    // A stuck action or navigation fails in a minute, not at the test's timeout.
    actionTimeout: 60_000,
    navigationTimeout: 60_000,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking"],
    },
  },
  // Every document and email the two browser projects receive is kept and validated once at the end (decision 017).
  projects: [
    { name: "standards-setup", testMatch: /standards\.setup\.ts$/, teardown: "standards" },
    ...BROWSER_PROJECTS.map((name) => ({
      name,
      workers: 1,
      use: { javaScriptEnabled: name !== "js-off", baseURL: `http://localhost:${projectPorts(name).app}` },
      dependencies: ["standards-setup"],
    })),
    { name: "standards", testMatch: /standards\.teardown\.ts$/ },
  ],
  // Started one after another: the first prepares its data dir and copies it for the others.
  webServer: [
    server(FIRST, [
      `rm -rf ${DATA_ROOT} ${STAFF_LINKS_FILE} ${RECALL_E2E_FILE}`,
      `mkdir -p ${DATA_ROOT}`,
      staffAdd("--email admin-js-off@console.example.com --email admin-js-on@console.example.com --role admin"),
      staffAdd("--email desk-js-off@console.example.com --email desk-js-on@console.example.com --role front_desk --studio kendall-square"),
      // The team spec's admins (tests/e2e/console-team.spec.ts, decision 026).
      staffAdd("--email team-admin-js-off@console.example.com --email team-admin-js-on@console.example.com --role admin"),
      staffAdd("--email manager-js-off@console.example.com --email manager-js-on@console.example.com --role manager --studio south-boston --studio post-office-square"),
      // The API keys and webhooks specs' admins (tests/e2e/console-api-keys.spec.ts and console-webhooks.spec.ts,
      // decisions 033 and 058): one command, each command costs seconds of the server's start on a busy machine.
      staffAdd(
        "--email api-admin-js-off@console.example.com --email api-admin-js-on@console.example.com --email hooks-admin-js-off@console.example.com --email hooks-admin-js-on@console.example.com --role admin",
      ),
      // The texts spec's front desks (tests/e2e/texts.spec.ts, decision 062).
      staffAdd("--email texts-desk-js-off@console.example.com --email texts-desk-js-on@console.example.com --role front_desk --studio fenway"),
      `RECALL_E2E_FILE=${RECALL_E2E_FILE} node --import tsx tests/fixtures/recall-e2e.ts`,
      // A closed PGlite data dir is plain files: the copy is the same database, setup links and recall emails included.
      ...OTHERS.map((project) => `cp -a ${dataDir(FIRST)} ${dataDir(project)}`),
    ]),
    ...OTHERS.map((project) => server(project, [])),
  ],
});
