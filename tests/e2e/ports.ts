/**
 * Each browser project has its own app server, database and ports, so the two projects run at once on two workers
 * without meeting (decision 071): they book the same first free times, read the same kind of emails and start the
 * same payments server. E2E_PORT is the first of ten ports: five for js-off, the next five for js-on.
 */
const BASE_PORT = Number(process.env.E2E_PORT ?? 3210);

export const BROWSER_PROJECTS = ["js-off", "js-on"] as const;

/** A browser project's ports: its app server, its SMTP inbox (tests/e2e/mailbox.ts), the payments spec's app and Stripe. */
export function projectPorts(project: string) {
  const index = BROWSER_PROJECTS.indexOf(project as (typeof BROWSER_PROJECTS)[number]);
  if (index < 0) throw new Error(`no ports for the project ${project}: one of ${BROWSER_PROJECTS.join(", ")}`);
  const app = BASE_PORT + 5 * index;
  return { app, smtp: app + 1, paymentsApp: app + 2, stripe: app + 3 };
}

/**
 * Made before the servers start, into the first project's data dir, which is then copied for the other (both
 * servers hold every project's accounts; each project signs in with its own): the staff accounts' setup links
 * (`npm run staff`) and the recall spec's patients (tests/fixtures/recall-e2e.ts).
 */
export const STAFF_LINKS_FILE = `/tmp/dental-e2e-staff-links-${BASE_PORT}.txt`;
export const RECALL_E2E_FILE = `/tmp/dental-e2e-recall-${BASE_PORT}.json`;
