import { expect } from "@playwright/test";
import { usFederalHolidays } from "../../app/rules/holidays";
import { addDays, localToday } from "../../app/rules/zoned-time";
import { useMailbox } from "./mailbox";
import { expectNoAxeViolations, next, setUpAndSignIn, shoot, test } from "./support";

const { mailTo } = useMailbox();

/** A weekly series whose last visit falls on the next federal holiday (the studios close): its first day and count. */
function seriesOverHoliday(): { day: string; count: number } {
  const today = localToday(new Date(), "America/New_York");
  const year = Number(today.slice(0, 4));
  const holiday = [...usFederalHolidays(year), ...usFederalHolidays(year + 1)].filter((d) => d > addDays(today, 8)).sort()[0]!;
  let weeks = 1;
  while (addDays(holiday, -7 * weeks) <= addDays(today, 1)) weeks++;
  return { day: addDays(holiday, -7 * weeks), count: weeks + 1 };
}

/**
 * The desk books a series (issue 39 A, decision 076), JavaScript off and on: a front desk makes a caller a patient,
 * holds a cleaning's first free time, then "Repeat this visit as a series": a bad rule (every 0 weeks) is refused with
 * its message and the values kept; every 2 weeks, 4 visits previews each visit "1 of 4"… held or in conflict (any
 * conflict takes its first choice: a free time, or skip); then a weekly series ending on the next federal holiday
 * shows that visit "closed" with free times either side, one is taken, and "Book the series" books them, the first
 * visit's page follows. axe on every page; screenshots at 360 and 1280 px.
 */
test("a front desk repeats a held visit as a series: a bad rule refused, the preview held, the series booked", async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const project = testInfo.project.name;
  await setUpAndSignIn(page, `series-desk-${project}@console.example.com`);
  await page.getByRole("link", { name: "New visit" }).click();
  const phone = `617${String(Date.now()).slice(-7)}`;
  await page.getByLabel("First name").fill("Iris");
  await page.getByLabel("Last name").fill(`Series ${project}`);
  await page.getByLabel("Phone", { exact: true }).fill(phone);
  const email = `iris-series-${project}-${phone}@example.com`;
  await page.getByRole("textbox", { name: "Email (optional)" }).fill(email);
  await page.getByLabel("Date of birth", { exact: true }).fill("1991-04-12");
  await next(page, "Make a new patient");
  if (await page.getByRole("button", { name: "None of these: make a new patient" }).isVisible()) await next(page, "None of these: make a new patient");
  await page.getByLabel("Service").selectOption("CLNCHK");
  await next(page, "Show free times");
  await page.getByRole("radio").first().check();
  await next(page, "Hold this time");
  await expect(page.getByRole("status").filter({ hasText: "is held for this call until" })).toBeVisible();

  // Repeat it: the form starts from the held time.
  await page.getByRole("link", { name: "Repeat this visit as a series" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Repeat this visit for Iris Series ${project}`);
  await expect(page.getByText(/The first visit is the held time/)).toBeVisible();
  const ruleUrl = page.url();
  await expectNoAxeViolations(page);
  await shoot(page, "desk-series-rule", testInfo);

  // A bad rule: 400, the message beside the field, the values kept.
  await page.getByLabel("Every").fill("0");
  await next(page, "Preview the series");
  await expect(page.getByText("Every 1 to 26 weeks: a longer gap is a recall, not a series.").first()).toBeVisible();
  await expect(page.getByLabel("Every")).toHaveValue("0");
  await expect(page.getByLabel("Number of visits (2–24)")).toHaveValue("8");
  await expectNoAxeViolations(page);

  await page.getByLabel("Every").fill("2");
  await page.getByLabel("Number of visits (2–24)").fill("4");
  await next(page, "Preview the series");
  await expect(page.getByRole("heading", { name: "The series: 4 visits" })).toBeVisible();
  for (const n of [1, 2, 3, 4]) await expect(page.locator(".series-preview li").nth(n - 1)).toContainText(`${n} of 4`);
  await expect(page.getByRole("status").filter({ hasText: /held for you until/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, "desk-series-preview", testInfo);

  // The rule again, weekly to the next federal holiday: that visit is in conflict, closed.
  await page.goto(ruleUrl);
  const { day, count } = seriesOverHoliday();
  await page.getByLabel("First visit").fill(day);
  await page.getByLabel("Time (studio’s local)").fill("10:00");
  await page.getByLabel("Every").fill("1");
  await page.getByLabel("Number of visits (2–24)").fill(String(count));
  await next(page, "Preview the series");
  await expect(page.getByRole("heading", { name: `The series: ${count} visits` })).toBeVisible();
  const closed = page.getByRole("group", { name: new RegExp(`^Visit ${count} of ${count}: .* The studio is closed that day$`) });
  await expect(closed).toBeVisible();
  // Any other visit in conflict (another run's visit): its first choice; the closed day: its first free time.
  for (const group of await page.locator("fieldset").filter({ hasText: new RegExp(`^Visit \\d+ of ${count}`) }).all()) await group.getByRole("radio").first().check();
  await expect(closed.getByRole("radio", { name: "Skip this visit" })).toBeVisible();
  await expect(closed.getByRole("radio", { name: /Squeeze/ })).toHaveCount(0); // not for the front desk
  await expectNoAxeViolations(page);
  await shoot(page, "desk-series-conflict", testInfo);
  await next(page, "Book the series");
  await expect(page).toHaveURL(/\/staff\/visits\/\d+\?done=booked/);
  await expectNoAxeViolations(page);

  // The patient's own cancel page (decision 081), from the series email's first link: which visits of the series,
  // "this one" chosen; kept (the cancel itself is the console's below, and the integration tests' through this form).
  const mail = await mailTo(email, /visits for/);
  const first = /\/booking\/confirmed\/([A-Za-z0-9_-]+)/.exec(mail)![1];
  const visitPage = page.url();
  await page.goto(`/booking/confirmed/${first}/cancel`);
  const choices = page.getByRole("group", { name: "Which visits of the series?" });
  await expect(choices.getByRole("radio", { name: /^Only this one \(visit 1 of \d+\)$/ })).toBeChecked();
  await expect(choices.getByRole("radio", { name: /^This one and the following ones \(\d+ visits\)$/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, "patient-series-cancel", testInfo);
  await page.getByRole("link", { name: "Keep my visit" }).click();
  await expect(page.getByText(/visit 1 of \d+/)).toBeVisible();
  await page.goto(visitPage);

  // Living with it (decision 081): the visit page says which of the series it is, and its cancel reaches this one, or
  // this and the following ones (from the first visit: all of them, so no third choice).
  const kept = await page.getByText(/^Visit 1 of \d+$/).textContent();
  const of = Number(/of (\d+)/.exec(kept ?? "")![1]);
  const scope = page.getByRole("group", { name: "Which visits of the series" });
  await expect(scope.getByRole("radio")).toHaveCount(2);
  await scope.getByRole("radio", { name: `This and the following visits (${of})` }).check();
  await expectNoAxeViolations(page);
  await shoot(page, "desk-series-cancel", testInfo);
  await next(page, "Cancel the visit");
  await expect(page.getByRole("status").filter({ hasText: `Cancelled ${of} visits of the series. The patient was emailed once, with the list.` })).toBeVisible();
  await expect(page.getByText("Visit 1 of")).toBeVisible();
  await expectNoAxeViolations(page);
});
