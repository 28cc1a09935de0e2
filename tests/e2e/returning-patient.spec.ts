import { expect, type Page } from "@playwright/test";
import { test } from "./support";
import { finish, guardianAndCard, next, step, uniqueEmail } from "./booking-journey";
import { useMailbox } from "./mailbox";
import { expectNoAxeViolations, jsEnabled, visit, watchDataRequests } from "./support";

/**
 * Booking as a returning patient (issue 10 D), with JavaScript off and on, axe on every page, the real emails
 * through a real SMTP server: a guest books → the confirmed page's offer signs them up with that email →
 * logged out, the email step's "log in" comes back to the booking, which skips the email step with the
 * details pre-filled → booked under the account → logged out mid-booking, the email is asked again.
 */
const PASSWORD = "correct horse battery staple";
const { mailTo } = useMailbox();

/** Presses a button and waits for the server's answer to the post (a fetch with JavaScript, a document without). */
async function submit(page: Page, name: string) {
  const answered = page.waitForResponse((r) => r.request().method() === "POST", { timeout: 30_000 });
  await page.getByRole("button", { name, exact: true }).click();
  await answered;
  await page.waitForLoadState("load");
}

/** A cleaning in Boston at Fenway, up to the times page, where a later time is picked (not the first visit's). */
async function startCleaning(page: Page) {
  await page.goto("/booking/markets");
  await step(page, "/booking/markets");
  await page.getByLabel("Boston").check();
  await next(page);
  await step(page, "/booking/services");
  await page.getByLabel("Checkup & cleaning").check();
  await next(page);
  await step(page, "/booking/studios");
  await page.getByLabel("Fenway").check();
  await next(page);
  await step(page, "/booking/times");
  await page.locator('input[name="slot"]').last().check();
  await next(page);
}

const offer = (page: Page) => page.getByRole("region", { name: "Keep your visits in one place" });

test("the confirmed page opened by its link alone (an empty cookie jar) names nobody; the booking browser is offered an account", async ({ page, newContext }, testInfo) => {
  test.setTimeout(240_000);
  const email = uniqueEmail("link-only");
  await page.goto("/booking/markets");
  await page.getByLabel("Boston").check();
  await next(page);
  await page.getByLabel("Checkup & cleaning").check();
  await next(page);
  const token = await finish(page, { studio: "Fenway", email, card: true, comfort: "cleaning" });
  await visit(page, `/booking/confirmed/${token}`);
  await expect(offer(page).getByLabel("Email address")).toHaveValue(email);

  // Issue 23 B: a forwarded email, another device: the time, the place and the manage actions, nobody's details.
  const stranger = await newContext();
  try {
    const other = await stranger.newPage();
    await other.goto(`/booking/confirmed/${token}`);
    await expect(other.getByRole("heading", { level: 1 })).toHaveText("Your appointment");
    await expect(other.getByRole("link", { name: /Cancel/ }).first()).toBeVisible();
    await expect(offer(other)).toHaveCount(0);
    const html = await other.content();
    for (const detail of [email, email.split("@")[0], "Alex", "Rivera", "555-0100", "5550100"]) expect(html, detail).not.toContain(detail);
  } finally {
    await stranger.close();
  }
});

test("a guest books, signs up from the confirmed page, then books again logged in without the email step", async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const requests = watchDataRequests(page);
  const email = uniqueEmail("returning");

  // 1. A guest books a cleaning; the confirmed page offers an account for that email (in the form, not the URL).
  await page.goto("/booking/markets");
  await page.getByLabel("Boston").check();
  await next(page);
  await page.getByLabel("Checkup & cleaning").check();
  await next(page);
  const firstVisit = await finish(page, { studio: "Fenway", email, card: true, comfort: "cleaning" });
  await visit(page, `/booking/confirmed/${firstVisit}`);
  await expect(offer(page)).toBeVisible();
  await expect(offer(page).getByLabel("Email address")).toHaveValue(email);
  await expect(page.locator(`a[href*="${encodeURIComponent(email)}"], a[href*="${email}"]`)).toHaveCount(0);

  // 2. The offer starts the usual sign-up: the code from the real email, a name and password → logged in.
  await submit(page, "Create an account");
  await step(page, "/email-verification");
  expect(page.url()).not.toContain("@");
  await expect(page.getByText(email)).toBeVisible();
  const code = (await mailTo(email, /^Your Studio Dental code: \d{6}$/)).match(/^Subject: Your Studio Dental code: (\d{6})$/m)![1];
  await page.getByLabel("Code from the email").fill(code);
  await submit(page, "Continue");
  await step(page, "/signup/create");
  await page.getByLabel("Your name").fill("Alex Rivera");
  await page.getByLabel("Password").fill(PASSWORD);
  await submit(page, "Create my account");
  await step(page, "/signup/complete");
  await expect(page.locator(".account-menu summary")).toHaveText("Your account");
  // The visit is the account's now: no offer any more, even to a guest holding the link.
  await visit(page, `/booking/confirmed/${firstVisit}`);
  await expect(offer(page)).toHaveCount(0);

  // 3. Logged out, the email step offers the login, which comes back to the booking and skips the email step.
  await page.locator(".account-menu summary").click();
  await page.getByRole("button", { name: "Log out" }).click();
  await page.waitForLoadState("load");
  await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();
  await visit(page, `/booking/confirmed/${firstVisit}`);
  await expect(offer(page)).toHaveCount(0);
  await startCleaning(page);
  await step(page, "/booking/email");
  await page.getByRole("link", { name: "Log in to use your saved details" }).click();
  await step(page, "/login");
  expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/booking/email");
  await page.getByLabel("Email address").fill(email);
  await submit(page, "Continue");
  await step(page, "/login/password");
  await page.getByLabel("Password").fill(PASSWORD);
  await submit(page, "Log in");

  // Straight to the details, pre-filled from the first booking, the account's email shown; Back skips the email step.
  await step(page, "/booking/contact-info");
  await expect(page.getByText(`We’ll send the confirmation to your account’s email, ${email}.`)).toBeVisible();
  await expect(page.getByLabel("Email address")).toHaveCount(0);
  await expect(page.getByLabel("First name")).toHaveValue("Alex");
  await expect(page.getByLabel("Last name")).toHaveValue("Rivera");
  await expect(page.getByLabel("Mobile number")).toHaveValue("(617) 555-0100");
  const dob = page.getByRole("group", { name: "Date of birth" });
  await expect(dob.getByLabel("Month")).toHaveValue("5");
  await expect(dob.getByLabel("Day")).toHaveValue("1");
  await expect(dob.getByLabel("Year")).toHaveValue("1990");
  await expect(page.getByLabel("Mint")).toBeChecked();
  await expect(page.getByLabel("Comedy")).toBeChecked();
  await expect(page.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/booking/times");
  // Still checked like anyone's details, still editable.
  await page.getByLabel("Mobile number").fill("555");
  await next(page);
  await expect(page.getByRole("alert")).toContainText("10-digit");
  await expectNoAxeViolations(page);
  await page.getByLabel("Mobile number").fill("(617) 555-0199");
  await next(page);

  await guardianAndCard(page);
  await step(page, "/booking/confirmation");
  const emailRow = page.locator(".summary-list > div").filter({ has: page.getByText("Email", { exact: true }) });
  await expect(emailRow).toContainText(email);
  await expect(emailRow.getByRole("link")).toHaveCount(0);
  await expect(page.getByText("(617) 555-0199")).toBeVisible();
  await next(page, "Book appointment");
  await expect(page).toHaveURL(/\/booking\/confirmed\//);
  await expectNoAxeViolations(page);
  await expect(offer(page)).toHaveCount(0);
  // Booked under the account's email: its second confirmation (the dev outbox lists every email queued).
  await page.goto("/dev/outbox");
  await expect(page.locator("#outbox tr").filter({ hasText: email }).filter({ hasText: "your Checkup & cleaning" })).toHaveCount(2);

  // 4. Logged out in the middle of a booking, the email is asked again (nothing of the account's is kept).
  await startCleaning(page);
  await step(page, "/booking/contact-info");
  await next(page);
  await step(page, "/booking/insurance");
  await page.goto("/");
  await page.locator(".account-menu summary").click();
  await page.getByRole("button", { name: "Log out" }).click();
  await page.waitForLoadState("load");
  await page.goto("/booking/insurance");
  await step(page, "/booking/email");
  await expect(page.getByLabel("Email address")).toHaveValue("");

  if (!jsEnabled(testInfo)) requests.assertJsOff();
  expect(requests.pageErrors).toEqual([]);
});
