import { expect } from "@playwright/test";
import { expectNoAxeViolations, next, setUpAndSignIn, shoot, test } from "./support";

/**
 * The manager's reports (issue 40, decision 077), JavaScript off and on: a manager of Fenway (made by `npm run
 * staff`, playwright.config.ts) follows "Reports", reads the figures with their definitions, each chart an SVG with
 * a title beside its table, asks for a custom range (a wrong one is refused with its message, values kept), downloads
 * a table as CSV, and cannot ask for another studio. axe on every page; screenshots at 360 and 1280 px.
 */
test("a manager reads the reports of their studio, charts as SVG beside their tables, a custom range and a CSV; another studio is a 404", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await setUpAndSignIn(page, `reports-manager-${testInfo.project.name}@console.example.com`);
  await page.getByRole("link", { name: "Reports" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reports");
  for (const name of ["No-shows and late cancels", "Chair use", "Cancelled and not rebooked", "New patients", "Lead time", "Busy hours", "Recall", "Fees"]) {
    await expect(page.getByRole("heading", { level: 2, name, exact: true })).toBeVisible();
  }
  await expect(page.getByText(/^A late cancel is a visit cancelled less than 24 hours before it started/)).toBeVisible();
  // Each chart is an image named by its <title>, with a table beside it.
  await expect(page.getByRole("img", { name: "Visits by weekday and starting hour, darker is busier" })).toBeVisible();
  await expect(page.getByText(/^Recall counts the patients whose next visit of a recall service/)).toBeVisible();
  await expect(page.getByRole("img", { name: "Recall: patients due, reminded, and rebooked within 30 days" })).toBeVisible();
  await expect(page.locator("svg.chart title")).toHaveCount(5);
  await expect(page.locator("script[src]")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shoot(page, "console-reports", testInfo);

  // A custom range longer than two years: refused, the days typed kept.
  await page.getByLabel("Range").selectOption("custom");
  await page.getByLabel("First day (custom)").fill("2024-01-01");
  await page.getByLabel("Last day (custom, at most 2 years)").fill("2026-06-30");
  await page.getByLabel("Compare with the previous period").check();
  await next(page, "Show");
  // The form kit's summary links to the field, which says it again.
  await expect(page.getByRole("link", { name: "A report covers at most 2 years." })).toBeVisible();
  await expect(page.locator("#to-error")).toHaveText("A report covers at most 2 years.");
  await expect(page.getByLabel("Last day (custom, at most 2 years)")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("First day (custom)")).toHaveValue("2024-01-01");
  await expectNoAxeViolations(page);
  await page.getByLabel("First day (custom)").fill("2026-01-01");
  await next(page, "Show");
  await expect(page.getByText("2026-01-01 to 2026-06-30, compared with")).toBeVisible();
  await expect(page.getByRole("row", { name: /^Previous period/ })).toBeVisible();

  // The CSV of a table: the same scope, a header row.
  const href = await page.getByRole("link", { name: "Download this table (CSV)" }).first().getAttribute("href");
  expect(href).toContain("table=outcomes");
  const csv = await page.request.get(href!);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect((await csv.text()).split("\r\n")[0]).toBe("from,to,visits_booked,visits_not_cancelled,no_shows,no_show_rate_percent,cancels,late_cancels,late_cancel_rate_percent");

  // The visits behind a figure: one row per visit, no health data.
  const visits = await page.getByRole("link", { name: "Download the no-shows, one row per visit (CSV)" }).getAttribute("href");
  const visitsCsv = await page.request.get(visits!);
  expect(visitsCsv.status()).toBe(200);
  expect((await visitsCsv.text()).split("\r\n")[0]).toBe("visit_id,studio,day,start_time,provider,service,patient_id,patient,channel,source,status,booked_day,cancelled_at");

  // Another studio, by editing the URL: not found, for the page and for the CSV.
  expect((await page.goto("/staff/reports?studio=chelsea"))!.status()).toBe(404);
  expect((await page.request.get("/staff/reports/csv?studio=chelsea&table=not-rebooked")).status()).toBe(404);
  expect((await page.request.get("/staff/reports/csv?studio=chelsea&table=visits-no-shows")).status()).toBe(404);
});
