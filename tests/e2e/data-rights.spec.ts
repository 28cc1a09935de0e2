import { expect } from "@playwright/test";
import { PASSWORD, signUp } from "./account-journey";
import { guardianAndCard, next, pickFirstTime, step, toFenwayTimes, uniqueEmail } from "./booking-journey";
import { useMailbox } from "./mailbox";
import { expectNoAxeViolations, shoot, test, visit } from "./support";

/**
 * The patient's data rights (issue 41 B, decision 078), with JavaScript off and on, axe on every page: a patient
 * signs up and books a visit a week ahead (a card saved), then closes the account from /profile — the page says what
 * goes and what is kept, a wrong password is refused beside the field — and is signed out; the visit is cancelled,
 * the address can no longer sign in, and signing up again with it starts an empty account.
 */
const { mailTo } = useMailbox();

test("a patient closes their account: told what goes and what stays, the password again, signed out, the visit cancelled; the same email starts afresh", async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  const email = uniqueEmail("close");
  await signUp(page, mailTo, email, "Robin Close");

  // A visit a week ahead, booked logged in, with a card saved.
  await page.goto("/booking/markets");
  await toFenwayTimes(page);
  await pickFirstTime(page, true);
  await step(page, "/booking/contact-info");
  await page.getByLabel("First name").fill("Robin");
  await page.getByLabel("Last name").fill("Close");
  await page.getByLabel("Mobile number").fill("(617) 555-0141");
  const dob = page.getByRole("group", { name: "Date of birth" });
  await dob.getByLabel("Month").fill("5");
  await dob.getByLabel("Day").fill("1");
  await dob.getByLabel("Year").fill("1990");
  if (await page.getByLabel("Mint").count()) await page.getByLabel("Mint").check();
  if (await page.getByLabel("Comedy").count()) await page.getByLabel("Comedy").check();
  await next(page);
  await guardianAndCard(page);
  await step(page, "/booking/confirmation");
  await next(page, "Book appointment");
  await expect(page).toHaveURL(/\/booking\/confirmed\//);
  const token = new URL(page.url()).pathname.split("/").pop()!;

  // From the profile: the closing page, in plain words.
  await visit(page, "/profile");
  await page.getByRole("link", { name: "Close my account" }).click();
  await step(page, "/profile/close");
  await expectNoAxeViolations(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Close your account");
  await expect(page.getByRole("region", { name: "Removed at once" })).toContainText("Visits still ahead: cancelled, with no fee");
  await expect(page.getByRole("region", { name: "Removed at once" })).toContainText("You have 1 visit ahead. It will be cancelled.");
  await expect(page.getByRole("region", { name: "Kept, and why" })).toContainText("must keep patient records for 7 years");
  await shoot(page, "close-account", testInfo);

  // A wrong password: refused beside the field, nothing closed.
  await page.getByLabel("Your password", { exact: true }).fill("not my password");
  const refused = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/profile/close");
  await next(page, "Close my account");
  expect((await refused).status()).toBe(400);
  await expect(page.getByRole("alert")).toContainText("That password is not right.");
  await expectNoAxeViolations(page);

  // The right one: closed and signed out.
  await page.getByLabel("Your password", { exact: true }).fill(PASSWORD);
  await next(page, "Close my account");
  await step(page, "/account-closed");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your account is closed");
  await expectNoAxeViolations(page);
  await page.goto("/profile");
  await step(page, "/login");

  // The visit is cancelled (the dev outbox page reads the database).
  await page.goto("/dev/outbox");
  await expect(page.locator("#appointments").getByRole("row").filter({ hasText: token })).toContainText("CANCELLED");

  // The address no longer signs in.
  await page.goto("/login");
  await page.getByLabel("Email address").fill(email);
  await next(page);
  await step(page, "/login/password");
  await page.getByLabel("Password").fill(PASSWORD);
  await next(page, "Log in");
  await expect(page.getByRole("alert")).toContainText("The email address or password is not right.");

  // Signing up again with it: a new, empty account (the new code, not the first sign-up's email still in the mailbox).
  const codeOf = async () => (await mailTo(email, /code/)).match(/^Subject: Your Studio Dental code: (\d{6})$/m)![1];
  const firstCode = await codeOf();
  await page.goto("/signup");
  await page.getByLabel("Email address").fill(email);
  await next(page, "Send me a code");
  await expect.poll(codeOf, { timeout: 30_000 }).not.toBe(firstCode);
  await page.getByLabel("Code from the email").fill(await codeOf());
  await next(page);
  await page.getByLabel("Your name").fill("Robin Again");
  await page.getByLabel("Password").fill(PASSWORD);
  await next(page, "Create my account");
  await step(page, "/signup/complete");
  await visit(page, "/profile");
  await expect(page.getByText("No visits booked.")).toBeVisible();
});
