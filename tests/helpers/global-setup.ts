import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { checkCaptured, resetCaptures, VITEST_CAPTURE_DIR } from "../standards/captured";
import { createTemplates } from "./db";

/**
 * Says, once per run, which databases the integration tests use (CI must show PostgreSQL ran), and migrates and
 * seeds each engine's template once: every test database is a copy of it (tests/helpers/db.ts, decision 071).
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  let where = "PGlite only (set TEST_DATABASE_URL to also run them on PostgreSQL)";
  if (url) {
    const { hostname, port, pathname } = new URL(url);
    where = `PGlite and PostgreSQL at ${hostname}:${port || 5432}${pathname}`;
  }
  console.info(`Integration tests run on: ${where}`);
  resetCaptures(VITEST_CAPTURE_DIR);
  // A run of unit tests only (`npm run test:unit`, `npx vitest run tests/unit/x.test.ts`) opens no database: no
  // template (≈ 7 s of CPU). Any other filter, or none, makes them; without them a test database migrates and seeds.
  const filters = process.argv.slice(process.argv.indexOf("run") + 1).filter((arg) => !arg.startsWith("-"));
  const unitOnly = process.argv.includes("run") && filters.length > 0 && filters.every((filter) => filter.startsWith("tests/unit"));
  const dir = mkdtempSync(path.join(tmpdir(), "dental-vitest-"));
  const { templates, drop } = unitOnly ? { templates: {}, drop: async () => {} } : await createTemplates(dir);
  project.provide("testDatabaseTemplates", templates);
  return async () => {
    try {
      await validateOutboxEmails();
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await drop();
    }
  };
}

/**
 * After the run: every email the integration tests queued (tests/helpers/db.ts keeps each test database's
 * outbox) through the Nu Html Checker in one pass, every .ics through the ical.js checks. A problem fails the run:
 * vitest 4.1 only logs an error thrown here ("error during close") and exits 0, so the exit code is set too
 * (the CLI ends with `process.exit()`, which keeps it).
 */
async function validateOutboxEmails() {
  const { problems, counts } = await checkCaptured(VITEST_CAPTURE_DIR);
  if (counts.emails + counts.calendars > 0) console.info(`[standards] ${counts.emails} emails' HTML and ${counts.calendars} calendar files checked`);
  if (problems.length) {
    process.exitCode = 1;
    throw new Error(`The emails the tests queued are not valid:\n${problems.join("\n")}`);
  }
}
