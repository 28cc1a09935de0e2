import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
const DATA_DIR = process.env.E2E_DATA_DIR ?? `/tmp/dental-e2e-${process.pid}`;
/**
 * One id per run, set by the runner and inherited by its workers: the page structures axe found clean in this run are
 * kept under it (tests/e2e/support.ts), so a worker of the other project, or after a retry, does not scan them again.
 */
process.env.E2E_RUN ??= `${PORT}-${process.pid}-${Date.now()}`;
/**
 * The console spec (tests/e2e/console.spec.ts) signs in with accounts made by `npm run staff` before the server
 * starts (the embedded database has one opener at a time): one admin per project and one front desk, links kept here.
 */
const STAFF_LINKS = `/tmp/dental-e2e-staff-links-${PORT}.txt`;
/** The recall spec's accounts and emails, made before the server starts (tests/fixtures/recall-e2e.ts). */
const RECALL_E2E_FILE = `/tmp/dental-e2e-recall-${PORT}.json`;
const staffAdd = (args: string) => `node --import tsx scripts/staff.ts add ${args} >> ${STAFF_LINKS}`;
/** The accounts spec runs a real SMTP server here and reads the emails the app sends (tests/e2e/accounts.spec.ts). */
const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? PORT + 1);

/** e2e runs against the production build, in Debian's Chromium, once with JavaScript off and once on. */
export default defineConfig({
  testDir: "tests/e2e",
  // A journey scans a dozen pages with axe; on a slow shared machine that alone can pass a minute.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  // A stray `test.only` would run one test and pass the run: refused everywhere (vitest.config.ts: allowOnly: false).
  forbidOnly: true,
  fullyParallel: false,
  workers: 1,
  // One retry, counted: .ci/run prints "N flaky" and a flaky test is a bug to fix (issue 42 D). Without it, one
  // 60 s Chromium stall on a loaded machine (the renderer drew no frame; CI of 2026-12-02) failed a whole landing.
  retries: 1,
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
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
    // A test tagged "@js-off-only" or "@js-on-only" runs in that project alone, rather than start and skip in the other.
    { name: "js-off", use: { javaScriptEnabled: false }, dependencies: ["standards-setup"], grepInvert: /@js-on-only/ },
    { name: "js-on", use: { javaScriptEnabled: true }, dependencies: ["standards-setup"], grepInvert: /@js-off-only/ },
    { name: "standards", testMatch: /standards\.teardown\.ts$/ },
  ],
  webServer: {
    command: [
      `rm -rf ${DATA_DIR} ${STAFF_LINKS} ${RECALL_E2E_FILE}`,
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
      // With the series spec's front desks (tests/e2e/console-series.spec.ts, decision 076): one command.
      staffAdd("--email book-desk-js-off@console.example.com --email book-desk-js-on@console.example.com --email series-desk-js-off@console.example.com --email series-desk-js-on@console.example.com --role front_desk --studio kendall-square"),
      // The reports spec's managers (tests/e2e/console-reports.spec.ts, decision 077).
      staffAdd("--email reports-manager-js-off@console.example.com --email reports-manager-js-on@console.example.com --role manager --studio fenway"),
      `RECALL_E2E_FILE=${RECALL_E2E_FILE} node --import tsx tests/fixtures/recall-e2e.ts`,
      "node --import tsx server.ts",
    ].join(" && "),
    url: `http://localhost:${PORT}/healthz`,
    // Seven commands before the server on a shared 2-core machine: 180 s was seen running out (2026-11-27, load 20).
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR,
      NODE_ENV: "production",
      SITE_ORIGIN: "https://dental.example.com",
      DEV_ROUTES: "true",
      AVAILABILITIES_TIMEOUT_MS: "5000",
      // Every spec chooses times from 127.0.0.1: the whole suite passes the address's ceiling (decision 055); each
      // browser context is its own device, under the default per-device and per-booking limits.
      SLOT_HOLDS_PER_ADDRESS_HOUR: "100000",
      SLOT_HOLDS_PER_ADDRESS_DAY: "100000",
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      // The webhooks spec's receiver listens on loopback (plain http://); a failing endpoint gives up within seconds.
      WEBHOOK_ALLOW_PRIVATE: "true",
      WEBHOOK_RETRY_SCHEDULE: "1s,2s,4s",
    },
  },
});
