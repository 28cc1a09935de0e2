import { expect } from "@playwright/test";
import { expectNoAxeViolations, jsEnabled, next, setUpAndSignIn, shoot, test } from "./support";

/**
 * The front desk books a caller (issue 38, decisions 073 and 074), JavaScript off and on: a front desk of Kendall
 * Square (made by `npm run staff`, playwright.config.ts) signs in, starts a new visit from the day, makes a new
 * patient without email, chooses the service and a free time (held), reads out the policy, ticks "the caller agreed
 * to texts" and books. The visit says how and by whom it was booked and "card requested" (Boston needs a card: the
 * caller gets a link; the desk never types one); the day shows it too and offers its free times as links. Then the
 * desk makes a calendar address for a provider on /staff/account. axe on every page; screenshots at 360 and 1280 px.
 */
test("a front desk books a new caller without email: service, a held free time, texts agreed; the visit is booked by phone with a card requested, and the desk takes a calendar feed", async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const project = testInfo.project.name;
  await setUpAndSignIn(page, `book-desk-${project}@console.example.com`);
  await expect(page).toHaveURL(/\/staff\/studios\/kendall-square\/day\//);

  // From the day: "New visit".
  await page.getByRole("link", { name: "New visit" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("New visit at Kendall Square");
  await expectNoAxeViolations(page);
  await shoot(page, "desk-book-caller", testInfo);

  // A new caller, no email (the phone is this run's own, so no likely duplicate is shown).
  const phone = `617${String(Date.now()).slice(-7)}`;
  await page.getByLabel("First name").fill("Rosa");
  await page.getByLabel("Last name").fill(`Diaz ${project}`);
  await page.getByLabel("Phone", { exact: true }).fill(phone);
  await page.getByLabel("Date of birth", { exact: true }).fill("1979-11-02");
  await next(page, "Make a new patient");
  if (await page.getByRole("button", { name: "None of these: make a new patient" }).isVisible()) await next(page, "None of these: make a new patient");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`New visit for Rosa Diaz ${project}`);
  await expect(page.getByText("Step 2 of 3")).toBeVisible();

  // The service, then the funnel's free times; the first one held.
  await page.getByLabel("Service").selectOption("CLNCHK");
  await next(page, "Show free times");
  await expect(page.getByRole("heading", { name: "Free times" })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, "desk-book-times", testInfo);
  await page.getByRole("radio").first().check();
  await next(page, "Hold this time");
  await expect(page.getByRole("status").filter({ hasText: "is held for this call until" })).toBeVisible();
  await expect(page.getByText("Step 3 of 3")).toBeVisible();
  await expect(page.getByText(/we will send you a secure link to add a card/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Insurance").selectOption("self-pay");
  await page.getByLabel(/The caller agreed to texts/).check();
  await shoot(page, "desk-book-details", testInfo);
  await next(page, "Book Checkup & cleaning for Rosa");

  // The visit: booked by phone by this desk, the card requested by link.
  await expect(page).toHaveURL(/\/staff\/visits\/\d+\?done=booked/);
  await expect(page.locator("dd").filter({ hasText: `Phone, book-desk-${project}@console.example.com` })).toBeVisible();
  await expect(page.getByText(/^Card requested: the patient has a secure link/)).toBeVisible();
  await expect(page.getByText("Not given").first()).toBeVisible(); // no email
  await expectNoAxeViolations(page);
  await shoot(page, "desk-book-visit", testInfo);
  // The caller cannot find the link: sent again at most once a minute, so a press right after booking is refused in the page.
  await next(page, "Send the card link again");
  await expect(page.getByText(/The link was sent less than a minute ago/).first()).toBeVisible();
  await expectNoAxeViolations(page);

  // The day: the visit tagged, and the free times as links into the desk's booking.
  const dayLink = page.getByRole("link", { name: /, the day$/ });
  await dayLink.click();
  await expect(page).toHaveURL(/\/staff\/studios\/kendall-square\/day\//);
  const row = page.getByRole("row").filter({ hasText: `Rosa Diaz ${project}` });
  await expect(row.getByText("Card requested")).toBeVisible();
  await expect(row.getByText(`Phone, book-desk-${project}@console.example.com`)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Free times" })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, "desk-day", testInfo);
  await page.locator(".free-times summary").first().click();
  const free = page.locator(".free-time-list a").first();
  const href = await free.getAttribute("href");
  expect(href).toMatch(/\/staff\/studios\/kendall-square\/book\?service=[A-Z]+&provider=\d+&week=\d&day=\d{4}-\d{2}-\d{2}&at=/);
  await free.click();
  await expect(page.getByText("the free time you chose comes next")).toBeVisible();

  // A calendar address for a provider of the studio, shown once.
  await page.goto("/staff/account");
  await page.getByLabel("Whose schedule").selectOption({ index: 1 });
  await next(page, "Make a calendar address");
  const url = await page.getByLabel("Calendar address").inputValue();
  expect(url).toMatch(/^https:\/\/dental\.example\.com\/calendar\/staff\/[A-Za-z0-9_-]{43}\.ics$/);
  await expectNoAxeViolations(page);
  await shoot(page, "desk-account-feed", testInfo);
  const feed = await page.request.get(new URL(url).pathname);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain("BEGIN:VCALENDAR");
  if (jsEnabled(testInfo)) expect(await page.evaluate(() => document.readyState)).toBe("complete");
});
