import { expect, type Page } from "@playwright/test";
import { finish } from "./booking-journey";
import { useMailbox } from "./mailbox";
import { expectNoAxeViolations, jsEnabled, next, setUpAndSignIn, test, watchDataRequests } from "./support";

/**
 * Availability that staff shape (issue 18 C, decision 023), JavaScript off and on: a patient books a cleaning; a
 * manager made by `npm run staff` (playwright.config.ts) closes the studio that day — the confirmation says one
 * visit is affected and links to the day, which lists it to move, and the day's times vanish from /booking/times —
 * then changes two hygienists' hours (an overlap refused first, values kept) and the times offered move. Each
 * project works on its own studio, so the two never meet. The front desk's 404s are in console.spec.ts.
 */
const STUDIOS = { "js-off": { slug: "south-boston", name: "South Boston" }, "js-on": { slug: "post-office-square", name: "Post Office Square" } } as const;
// The booking's confirmation goes to the run's SMTP server, like every email (not read here).
useMailbox();
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** The day links of the times page's week 1 (the patient's booking cookie holds the studio and service). */
async function offeredDays(page: Page) {
  await page.goto("/booking/times?week=1");
  const hrefs = await page.getByRole("navigation", { name: "Days with free times" }).getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  return hrefs.map((h) => /day=(\d{4}-\d{2}-\d{2})/.exec(h)![1]!);
}

test("a manager closes the studio for a day and changes hours: the day's times vanish, its visit is listed to move, the offered times move", async ({ page, newContext }, testInfo) => {
  test.setTimeout(240_000);
  const requests = watchDataRequests(page);
  const project = testInfo.project.name as keyof typeof STUDIOS;
  const studio = STUDIOS[project];
  const patientEmail = `avail-${project}-${Date.now()}@example.com`;

  // A patient books a cleaning a week ahead.
  await page.goto("/booking?service=CLNCHK");
  await page.getByLabel("Boston").check();
  await next(page);
  await finish(page, { studio: studio.name, email: patientEmail, card: true, comfort: "cleaning", laterWeek: true });

  // Another patient, on the times page of the same studio and service (a context of its own).
  const patient = await newContext();
  const times = await patient.newPage();
  await times.goto("/booking?service=CLNCHK");
  await times.getByLabel("Boston").check();
  await next(times);
  await times.getByLabel(studio.name).check();
  await next(times);
  await expect(times).toHaveURL(/\/booking\/times/);

  // The manager finds the visit's day.
  await page.goto("/staff");
  await setUpAndSignIn(page, `manager-${project}@console.example.com`);
  await page.getByRole("link", { name: "Find a patient" }).click();
  await page.getByLabel("Name, email or phone").fill(patientEmail);
  await next(page, "Search");
  await page.getByRole("row").filter({ hasText: patientEmail }).getByRole("link").click();
  await page.getByRole("link", { name: new RegExp(`${studio.name}, the day`) }).click();
  const day = /\/day\/(\d{4}-\d{2}-\d{2})$/.exec(page.url())![1]!;
  expect(await offeredDays(times)).toContain(day);

  // Closures: beside the federal holidays; a day without a reason is refused (400, the day kept), then closed.
  await page.getByRole("link", { name: "Availability" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Weekly hours at /);
  await page.goto(`/staff/studios/${studio.slug}/closures`);
  await expect(page.getByRole("cell", { name: /Federal holiday/ }).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Day", { exact: true }).fill(day);
  await next(page, "Close the studio that day");
  await expect(page.getByRole("alert")).toContainText("Say why the studio is closed");
  await expect(page.getByLabel("Day", { exact: true })).toHaveValue(day);
  await expectNoAxeViolations(page);
  await page.getByLabel("Reason (staff only)").fill("Snow day");
  await next(page, "Close the studio that day");
  // Other specs of the run may have booked that studio's day too: at least this patient's visit is counted.
  await expect(page.getByRole("status")).toContainText(/\b[1-9]\d* booked visits? (is|are) on that day\./);
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "see the visits to move on the day’s page" }).click();
  await expect(page.getByText("The studio is closed this day: Snow day.")).toBeVisible();
  const toMove = page.getByRole("region", { name: /^To move \(\d+\)$/ });
  await expect(toMove.getByRole("link", { name: /Alex Rivera/ }).first()).toBeVisible();
  await expect(toMove).toContainText("Studio closed: Snow day");

  // The patient's times page: that day is gone at once.
  expect(await offeredDays(times)).not.toContain(day);

  // Weekly hours: another day of that week moves to the afternoon for both hygienists.
  const other = (await offeredDays(times)).find((d) => d !== day)!;
  const weekday = WEEKDAYS[new Date(`${other}T12:00:00Z`).getUTCDay()]!;
  await times.goto(`/booking/times?week=1&day=${other}`);
  await expect(times.getByRole("radio").first()).not.toHaveAccessibleName(/^1:00 PM/);
  await page.goto(`/staff/studios/${studio.slug}/hours`);
  await expectNoAxeViolations(page);
  for (const name of ["Priya Nair, RDH", "Jordan Lee, RDH"]) {
    await page.goto(`/staff/studios/${studio.slug}/hours`);
    await page.getByRole("link", { name: `Change ${name}’s hours` }).click();
    await page.getByLabel(weekday).fill("8:00 AM–12:00 PM, 11:00 AM–5:00 PM");
    await next(page, "Save the hours");
    await expect(page.getByRole("alert")).toContainText(`${weekday}: 11:00 AM–5:00 PM overlaps 8:00 AM–12:00 PM.`);
    await expect(page.getByLabel(weekday)).toHaveValue("8:00 AM–12:00 PM, 11:00 AM–5:00 PM");
    await expectNoAxeViolations(page);
    await page.getByLabel(weekday).fill("1:00 PM–4:00 PM");
    await next(page, "Save the hours");
    await expect(page.getByRole("status")).toContainText(`${name}’s hours are saved.`);
  }
  await expect(page.getByRole("row", { name: /Priya Nair/ })).toContainText("1:00 PM–4:00 PM");
  await times.goto(`/booking/times?week=1&day=${other}`);
  await expect(times.getByRole("radio").first()).toHaveAccessibleName(/^1:00 PM/);
  await expect(times.getByRole("radio").last()).toHaveAccessibleName(/^3:00 PM/);
  await patient.close();
  if (!jsEnabled(testInfo)) requests.assertJsOff();
});
