import { expect, type Page } from "@playwright/test";
import { test } from "./support";
import { totpCode } from "../../app/console/totp";
import { finish, next } from "./booking-journey";
import { useMailbox } from "./mailbox";
import { expectNoAxeViolations, jsEnabled, STAFF_PASSWORD, staffSetupPath, watchDataRequests } from "./support";

/**
 * The studio console from outside, JavaScript off (and once on): an admin made by `npm run staff` (the links are
 * written before the server starts, playwright.config.ts) sets up a password and the authenticator from the setup
 * page — the secret read from the page, the codes computed here —, signs in with both, finds a patient's booking
 * on the studio's day at the time the patient was shown, checks the patient in and cancels on their behalf (the
 * patient's email arrives); a front desk of another studio gets a 404 for that visit. axe on every page.
 */
const PASSWORD = STAFF_PASSWORD;
const { mailTo } = useMailbox();

/** The code for the next 30-second step: the one just used at setup or sign-in is never taken twice. */
const nextCode = (secret: string) => totpCode(secret, new Date(Date.now() + 30_000));

async function setUpAndSignIn(page: Page, email: string) {
  await page.goto(staffSetupPath(email));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Set up your account");
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  await expectNoAxeViolations(page);
  const secret = (await page.locator("#totp-secret").innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("The password again").fill(PASSWORD);
  await page.getByLabel("The 6-digit code the app shows now").fill(totpCode(secret, new Date()));
  await next(page, "Finish setup");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your account is ready");
  await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(8);
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Sign in" }).click();
  await signIn(page, email, secret);
  return secret;
}

async function signIn(page: Page, email: string, secret: string) {
  await expect(page).toHaveURL(/\/staff\/login/);
  await expectNoAxeViolations(page);
  await page.getByLabel("Work email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await next(page, "Continue");
  await expect(page).toHaveURL(/\/staff\/login\/code/);
  await expectNoAxeViolations(page);
  await page.getByLabel("Code").fill(nextCode(secret));
  await next(page, "Sign in");
}

test("an admin set up from the command line's link sees a booking on the day, checks the patient in and cancels for them; a front desk of another studio cannot open it", async ({ page, newContext }, testInfo) => {
  test.setTimeout(240_000);
  const requests = watchDataRequests(page);
  const project = testInfo.project.name;
  const patientEmail = `console-${project}-${Date.now()}@example.com`;

  // A patient books a cleaning at Fenway, as a guest.
  await page.goto("/booking?service=CLNCHK");
  await page.getByLabel("Boston").check();
  await next(page);
  await finish(page, { studio: "Fenway", email: patientEmail, card: true, comfort: "cleaning", laterWeek: true });
  const booked = await mailTo(patientEmail, /^Studio Dental: your Checkup & cleaning on /);
  // The time the patient was told, in the studio's zone ("at 9:00 AM" in the email's text).
  const shownTime = booked.match(/ at (\d{1,2}:\d{2} [AP]M)/)![1]!;

  // The admin: the setup link from `npm run staff`, then sign-in with the password and a code.
  await page.goto("/staff");
  await expect(page).toHaveURL(/\/staff\/login/);
  await setUpAndSignIn(page, `admin-${project}@console.example.com`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/: \w+day, /);
  await expectNoAxeViolations(page);

  // Find the patient, open the visit, go to its day: the row at the time the patient was shown.
  await page.getByRole("link", { name: "Find a patient" }).click();
  await expectNoAxeViolations(page);
  await page.getByLabel("Name, email or phone").fill(patientEmail);
  await next(page, "Search");
  await expect(page.getByRole("row").filter({ hasText: patientEmail })).toHaveCount(1);
  await expectNoAxeViolations(page);
  await page.getByRole("row").filter({ hasText: patientEmail }).getByRole("link").click();
  await expect(page).toHaveURL(/\/staff\/visits\/\d+$/);
  const visitPath = new URL(page.url()).pathname;
  await expect(page.getByText(shownTime).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: /Fenway, the day/ }).click();
  await expect(page).toHaveURL(/\/staff\/studios\/fenway\/day\/\d{4}-\d{2}-\d{2}$/);
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: "Alex Rivera" }) }).filter({ hasText: `${shownTime}–` });
  await expect(row.first()).toBeVisible();
  await expectNoAxeViolations(page);

  // Check in, then cancel on the patient's behalf: the patient's own cancel email arrives.
  await page.goto(visitPath);
  await page.getByLabel("Arrived (check in)").check();
  await page.getByRole("textbox", { name: "Note (optional)" }).first().fill("At the desk");
  await next(page, "Record");
  await expect(page.getByRole("status")).toHaveText("Checked in.");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Cancel the visit" }).click();
  await expect(page.getByRole("status")).toContainText("Cancelled.");
  await expect(page.getByRole("cell", { name: /Cancelled/ })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Checked in" })).toBeVisible();
  await mailTo(patientEmail, /^Studio Dental: your Checkup & cleaning on .* is cancelled$/);

  // Intake answers: a read of health data, recorded.
  await page.getByRole("link", { name: "Intake answers and insurance card" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Intake answers");
  await expectNoAxeViolations(page);

  // The audit log shows that read of health data (admins filter it by what and which visit).
  await page.getByRole("link", { name: "Audit log" }).click();
  await page.getByLabel("What").selectOption("intake.view");
  await page.getByLabel("Visit number").fill(visitPath.split("/").pop()!);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByRole("row").filter({ hasText: "intake.view" })).toHaveCount(1);
  await expect(page.getByRole("row").filter({ hasText: "intake.view" })).toContainText(`admin-${project}@console.example.com`);
  await expectNoAxeViolations(page);

  // A front desk of Kendall Square: their studio's day, and a 404 for Fenway's visit.
  const desk = await newContext();
  const deskPage = await desk.newPage();
  await deskPage.goto("/staff");
  await setUpAndSignIn(deskPage, `desk-${project}@console.example.com`);
  await expect(deskPage).toHaveURL(/\/staff\/studios\/kendall-square\/day\//);
  const other = await deskPage.goto(visitPath);
  expect(other?.status()).toBe(404);
  const otherDay = await deskPage.goto("/staff/studios/fenway/day/2030-01-02");
  expect(otherDay?.status()).toBe(404);
  // Shaping availability is a manager's (decision 023): the desk's own studio's pages do not exist for it.
  for (const path of ["hours", "time-off", "closures"]) expect((await deskPage.goto(`/staff/studios/kendall-square/${path}`))?.status(), path).toBe(404);
  expect((await deskPage.goto("/staff/services"))?.status()).toBe(404);
  await expect(deskPage.getByRole("link", { name: "Availability" })).toHaveCount(0);
  await desk.close();

  // Signing out ends the session: /staff asks to sign in again.
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/staff\/login/);
  await page.goto("/staff");
  await expect(page).toHaveURL(/\/staff\/login/);
  if (!jsEnabled(testInfo)) requests.assertJsOff();
});
