import { expect, type Page } from "@playwright/test";
import { test } from "./support";
import { step } from "./booking-journey";
import { next, uniqueEmail, useMailbox } from "./mailbox";
import { expectNoAxeViolations, jsEnabled, watchDataRequests } from "./support";

/**
 * The patient area (issue 10) as a patient uses it, with JavaScript off and on, axe on every page: logged out,
 * /profile asks to log in; sign up; edit details (a bad phone is refused with the values kept) and comfort
 * preferences; "my mouth" with nothing on file; Breezy Braces; change the email address end to end through
 * the real SMTP server and the emailed link; log out.
 */
const PASSWORD = "correct horse battery staple";
const { mailTo } = useMailbox();

async function signUp(page: Page, email: string) {
  await page.getByLabel("Email address").fill(email);
  await next(page, "Send me a code");
  await step(page, "/email-verification");
  const code = (await mailTo(email, /^Your Studio Dental code: \d{6}$/)).match(/^Subject: Your Studio Dental code: (\d{6})$/m)![1];
  await page.getByLabel("Code from the email").fill(code);
  await next(page);
  await step(page, "/signup/create");
  await page.getByLabel("Your name").fill("Robin Patel");
  await page.getByLabel("Password").fill(PASSWORD);
  await next(page, "Create my account");
}

test("the patient area: details, preferences, my mouth, Breezy Braces, and a change of email through the emailed link", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const requests = watchDataRequests(page);
  const email = uniqueEmail(`profile-${testInfo.project.name}`);
  const newEmail = uniqueEmail(`moved-${testInfo.project.name}`);

  // Logged out: the login, which will come back here.
  await page.goto("/profile");
  await step(page, "/login");
  expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/profile");
  await page.getByRole("link", { name: "Create an account" }).click();
  await step(page, "/signup");
  await signUp(page, email);
  await step(page, "/signup/complete");

  // The account menu leads to the patient area.
  await page.locator(".account-menu summary").click();
  await page.getByRole("link", { name: "Visits and details" }).click();
  await step(page, "/profile");
  const response = await page.reload();
  expect(response!.headers()["cache-control"]).toBe("private, no-store");
  expect(response!.headers()["referrer-policy"].split(/[,\n]/).map((v) => v.trim()).at(-1)).toBe("no-referrer");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hello, Robin");
  await expect(page.getByRole("navigation", { name: "Your account" }).getByRole("link", { name: "Visits & details" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("No visits booked.")).toBeVisible();
  await expect(page.locator("#sessions li")).toHaveCount(1);
  await expect(page.locator("#sessions")).toContainText("This device");

  // Details: a bad phone is refused beside its form, with what was typed kept.
  const details = page.locator("#details");
  await details.getByLabel("Last name").fill("Patel-Ng");
  await details.getByLabel("Mobile number").fill("555-01");
  await details.getByLabel("Month").fill("5");
  await details.getByLabel("Day").fill("27");
  await details.getByLabel("Year").fill("1990");
  const refused = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/profile");
  await next(page, "Save my details");
  expect((await refused).status()).toBe(400);
  await expect(details.getByRole("alert")).toContainText("Enter a 10-digit US phone number");
  await expect(details.getByLabel("Last name")).toHaveValue("Patel-Ng");
  await expect(details.getByLabel("Mobile number")).toHaveValue("555-01");
  await expect(details.getByLabel("Year")).toHaveValue("1990");
  await expect(page.locator("#comfort").getByRole("alert")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await details.getByLabel("Mobile number").fill("617 555 0100");
  await next(page, "Save my details");
  await expect(page.locator("#details").getByRole("status")).toHaveText("Your details are saved.");
  await expect(page.locator("#details").getByLabel("Mobile number")).toHaveValue("(617) 555-0100");
  await expect(page.locator("#details").getByLabel("Last name")).toHaveValue("Patel-Ng");
  await expectNoAxeViolations(page);

  // Comfort preferences.
  const comfort = page.locator("#comfort");
  await comfort.getByLabel("Mint").check();
  await comfort.getByLabel("Documentary").check();
  await next(page, "Save my preferences");
  await expect(page.locator("#comfort").getByRole("status")).toHaveText("Your comfort preferences are saved.");
  await page.reload();
  await expect(page.locator("#comfort").getByLabel("Mint")).toBeChecked();
  await expect(page.locator("#comfort").getByLabel("Documentary")).toBeChecked();

  // My mouth: nothing on file yet, said kindly.
  await page.getByRole("navigation", { name: "Your account" }).getByRole("link", { name: "My mouth" }).click();
  await step(page, "/profile/health");
  await expect(page.getByRole("heading", { name: "Nothing on file yet" })).toBeVisible();
  await expect(page.getByText("No visits yet.")).toBeVisible();

  // Breezy Braces: the next step and the personal braces link.
  await page.getByRole("navigation", { name: "Your account" }).getByRole("link", { name: "Breezy Braces" }).click();
  await step(page, "/profile/breezy-braces");
  await expect(page.getByRole("link", { name: "Book an Invisalign consult" })).toHaveAttribute("href", "/booking?service=INVISALN");
  await expect(page.getByLabel("Your personal Breezy Braces link")).toHaveValue(/^https:\/\/dental\.example\.com\/breezy-braces-referral-redirect\?referralCode=SD[A-Z2-9]{8}&.*utm_campaign=breezybraces$/);

  // Change of email: the password again (a wrong one is refused), then the link sent to the new address.
  await page.goto("/profile");
  const change = page.locator("#email");
  await change.getByLabel("New email address").fill(newEmail);
  await change.getByLabel("Your password").fill("not my password");
  await next(page, "Send me a link");
  await expect(page.locator("#email").getByRole("alert")).toContainText("That password is not right.");
  await expect(page.locator("#email").getByLabel("New email address")).toHaveValue(newEmail);
  await expectNoAxeViolations(page);
  await page.locator("#email").getByLabel("Your password").fill(PASSWORD);
  await next(page, "Send me a link");
  await expect(page.locator("#email").getByRole("status")).toContainText("we’ve sent a link to it");
  expect(page.url()).not.toContain("@");
  await expectNoAxeViolations(page);
  const confirm = await mailTo(newEmail, /^Confirm your new Studio Dental email address$/);
  const link = confirm.match(/https:\/\/dental\.example\.com(\/confirm-email-change\?token=[A-Za-z0-9_-]{43})/)![1];
  await page.goto(link);
  await step(page, "/confirm-email-change");
  await expect(page.getByText(newEmail)).toBeVisible();
  await next(page, "Yes, use this address");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your email address is changed");
  await mailTo(email, /^Your Studio Dental email address was changed$/);
  await page.goto("/profile");
  await expect(page.locator(".profile-email")).toHaveText(newEmail);
  await expect(page.locator(".account-email")).toHaveText(newEmail, { useInnerText: false });
  // The details stay with the account.
  await expect(page.locator("#details").getByLabel("Last name")).toHaveValue("Patel-Ng");

  // Log out from the page.
  await page.locator("#sessions").getByRole("button", { name: "Log out" }).click();
  await page.waitForLoadState("load");
  await page.goto("/profile/health");
  await step(page, "/login");

  if (!jsEnabled(testInfo)) requests.assertJsOff();
  expect(requests.pageErrors).toEqual([]);
});
