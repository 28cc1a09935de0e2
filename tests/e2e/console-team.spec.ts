import { expect, type Page } from "@playwright/test";
import { test } from "./support";
import { totpCode } from "../../app/console/totp";
import { next } from "./booking-journey";
import { useMailbox } from "./mailbox";
import { expectNoAxeViolations, jsEnabled, STAFF_PASSWORD, staffSetupPath, watchDataRequests } from "./support";

/**
 * The console's team and accounts from outside (issue 18 A and D, decision 026), JavaScript off and on: an admin
 * made by `npm run staff` invites a front desk from /staff/team; the invitation email arrives with the one-time
 * link; the front desk sets up from it (the secret read from the page), lands on their studio's day, gets a 404 for
 * the team page, changes their password and sees their sign-ins; the admin finds the sign-in in the audit log,
 * filtered, disables the account (the front desk's next page asks to sign in) and re-enables it. axe on every page.
 */
const PASSWORD = STAFF_PASSWORD;
const NEW_PASSWORD = "another long passphrase 77";
const { mailTo } = useMailbox();

/**
 * A code the console takes: the next 30-second step's (inside its one-step drift), and never a step already used
 * by this account (each signs in once, RFC 6238 §5.2), so a second sign-in may wait for the clock.
 */
const usedSteps = new Map<string, number>();
async function freshCode(secret: string) {
  const stepNow = () => Math.floor(Date.now() / 30_000);
  while (stepNow() + 1 <= (usedSteps.get(secret) ?? -1)) await new Promise((resolve) => setTimeout(resolve, 1000));
  usedSteps.set(secret, stepNow() + 1);
  return totpCode(secret, new Date((stepNow() + 1) * 30_000 + 1000));
}

async function setUp(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Set up your account");
  const secret = (await page.locator("#totp-secret").innerText()).trim();
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("The password again").fill(PASSWORD);
  usedSteps.set(secret, Math.floor(Date.now() / 30_000));
  await page.getByLabel("The 6-digit code the app shows now").fill(totpCode(secret, new Date()));
  await next(page, "Finish setup");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your account is ready");
  await page.getByRole("link", { name: "Sign in" }).click();
  return secret;
}

async function signIn(page: Page, email: string, password: string, secret: string) {
  await expect(page).toHaveURL(/\/staff\/login/);
  await page.getByLabel("Work email").fill(email);
  await page.getByLabel("Password").fill(password);
  await next(page, "Continue");
  await page.getByLabel("Code").fill(await freshCode(secret));
  await next(page, "Sign in");
}

test("an admin invites a front desk by email, who sets up from the email's link; the admin reads the audit log and disables and re-enables the account", async ({ page, newContext }, testInfo) => {
  test.setTimeout(240_000);
  const requests = watchDataRequests(page);
  const project = testInfo.project.name;
  const adminEmail = `team-admin-${project}@console.example.com`;
  const deskEmail = `team-desk-${project}-${Date.now()}@example.com`;

  const adminSecret = await setUp(page, staffSetupPath(adminEmail));
  await signIn(page, adminEmail, PASSWORD, adminSecret);
  await page.getByRole("link", { name: "Team" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Team");
  await expect(page.getByRole("row").filter({ hasText: adminEmail })).toContainText("Set up");
  await expectNoAxeViolations(page);

  // A refused invitation keeps what was typed and says what is missing.
  await page.getByLabel("Work email").fill(deskEmail);
  await page.getByLabel("Front desk").check();
  await next(page, "Send the invitation");
  await expect(page.getByRole("alert")).toContainText("Choose at least one studio for a front desk or manager.");
  await expect(page.getByLabel("Work email")).toHaveValue(deskEmail);
  await expectNoAxeViolations(page);
  await page.getByLabel("Fenway").check();
  await next(page, "Send the invitation");
  await expect(page.getByRole("status")).toContainText("Invitation sent.");
  await expect(page.getByRole("row").filter({ hasText: deskEmail })).toContainText("Invitation sent");

  // The invitation email: the one-time link, as the front desk finds it in their inbox.
  const mail = await mailTo(deskEmail, /^Your Studio Dental studio console account$/);
  const link = /https:\/\/dental\.example\.com(\/staff\/setup\/[A-Za-z0-9_-]{43})/.exec(mail)![1]!;

  const desk = await newContext();
  const deskPage = await desk.newPage();
  const deskSecret = await setUp(deskPage, link);
  await signIn(deskPage, deskEmail, PASSWORD, deskSecret);
  await expect(deskPage).toHaveURL(/\/staff\/studios\/fenway\/day\//);
  expect((await deskPage.goto("/staff/team"))?.status()).toBe(404);
  expect((await deskPage.goto("/staff/audit"))?.status()).toBe(404);

  // Their own account: a new password (the other devices signed out), their sign-ins listed.
  await deskPage.goto("/staff/account");
  await expect(deskPage.getByRole("heading", { level: 1 })).toHaveText("Your account");
  await expect(deskPage.getByRole("table")).toContainText("Authenticator code");
  await expectNoAxeViolations(deskPage);
  await deskPage.getByLabel("Current password").fill(PASSWORD);
  await deskPage.getByLabel("New password").fill("password");
  await next(deskPage, "Change the password");
  await expect(deskPage.getByRole("alert")).toContainText("most common");
  await deskPage.getByLabel("Current password").fill(PASSWORD);
  await deskPage.getByLabel("New password").fill(NEW_PASSWORD);
  await next(deskPage, "Change the password");
  await expect(deskPage.getByRole("status")).toContainText("Your password is changed.");
  await expectNoAxeViolations(deskPage);

  // The admin: the front desk's sign-in in the audit log, filtered by who and what.
  await page.getByRole("link", { name: "Audit log" }).click();
  await page.getByLabel("What").selectOption("staff.sign_in");
  await page.getByLabel("Staff email").fill(deskEmail);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByRole("row").filter({ hasText: "staff.sign_in" })).toHaveCount(1);
  await expectNoAxeViolations(page);

  // Disable: the front desk's next page asks them to sign in, and the password no longer opens the console.
  await page.goto("/staff/team");
  await page.getByRole("link", { name: deskEmail }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(deskEmail);
  await expectNoAxeViolations(page);
  await next(page, "Disable the account");
  await expect(page.getByRole("status")).toContainText("Disabled.");
  await deskPage.goto("/staff/account");
  await expect(deskPage).toHaveURL(/\/staff\/login/);
  await next(page, "Enable again");
  await expect(page.getByRole("status")).toContainText("Enabled again.");
  await signIn(deskPage, deskEmail, NEW_PASSWORD, deskSecret);
  await expect(deskPage).toHaveURL(/\/staff\/account/);
  await desk.close();
  if (!jsEnabled(testInfo)) requests.assertJsOff();
});
