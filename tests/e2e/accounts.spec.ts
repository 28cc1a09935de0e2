import { expect, type BrowserContext, type Page } from "@playwright/test";
import { test } from "./support";
import { step } from "./booking-journey";
import { next, uniqueEmail, useMailbox } from "./mailbox";
import { expectNoAxeViolations, jsEnabled, watchDataRequests } from "./support";

/**
 * Patient accounts as a patient uses them, with JavaScript off (and once on), reading the real emails the
 * app sends through a real SMTP server: sign up → verify → name and password → complete; log out (the old
 * cookie is dead); log in with email then password back to where the patient was; forgot → emailed link →
 * new password → the earlier session is dead. axe on every page.
 */
const PASSWORD = "correct horse battery staple";
const NEW_PASSWORD = "a quiet harbour at dawn";
const { mailTo } = useMailbox();

async function accountMenuShows(page: Page, email: string) {
  await expect(page.locator(".account-menu summary")).toHaveText("Your account");
  await expect(page.locator(".account-email")).toHaveText(email, { useInnerText: false });
}

async function logOut(page: Page) {
  await page.locator(".account-menu summary").click();
  await page.getByRole("button", { name: "Log out" }).click();
  await page.waitForLoadState("load");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();
}

const idTokenOf = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === "idToken");

test("sign up with the emailed code (or link), log out, log in again, reset the password: old sessions die", async ({ page, newContext, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const requests = watchDataRequests(page);
  const email = uniqueEmail(testInfo.project.name);

  // Sign up: the email address.
  await page.goto("/");
  await page.getByRole("link", { name: "Log in" }).click();
  await step(page, "/login");
  await page.getByRole("link", { name: "Create an account" }).click();
  await step(page, "/signup");
  // The honeypot is there for bots, never shown to people.
  await expect(page.locator('input[name="name__confirm"]')).toBeAttached();
  await expect(page.locator('input[name="name__confirm"]')).toBeHidden();
  await page.getByLabel("Email address").fill("not-an-email");
  const refused = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/signup");
  await next(page, "Send me a code");
  expect((await refused).status()).toBe(400);
  await expect(page.getByRole("alert")).toContainText("Enter an email address like name@example.com.");
  await expectNoAxeViolations(page);
  await page.getByLabel("Email address").fill(email);
  await next(page, "Send me a code");

  // The code from the real email (with JS on, the emailed link instead; it only fills in the form).
  await step(page, "/email-verification");
  await expect(page.getByText(email)).toBeVisible();
  expect(page.url()).not.toContain("@");
  const verification = await mailTo(email, /^Your Studio Dental code: \d{6}$/);
  const code = verification.match(/^Subject: Your Studio Dental code: (\d{6})$/m)![1];
  expect(verification).toContain(`https://dental.example.com/email-verification?token=`);
  expect(verification).toContain("support@example.com");
  await page.getByLabel("Code from the email").fill(code === "000000" ? "111111" : "000000");
  await next(page);
  await expect(page.getByRole("alert")).toContainText("That code is not right.");
  await expectNoAxeViolations(page);
  if (jsEnabled(testInfo)) {
    const token = verification.match(/email-verification\?token=([A-Za-z0-9_-]{43})/)![1];
    await page.goto(`/email-verification?token=${token}`);
    await expectNoAxeViolations(page);
    await next(page, "Confirm my email address");
  } else {
    await page.getByLabel("Code from the email").fill(code);
    await next(page);
  }

  // Name and password: a common password is refused, a passphrase is taken.
  await step(page, "/signup/create");
  await page.getByLabel("Your name").fill("Robin Patel");
  await page.getByLabel("Password").fill("password1");
  await next(page, "Create my account");
  await expect(page.getByRole("alert")).toContainText("one of the most common");
  await expect(page.getByLabel("Your name")).toHaveValue("Robin Patel");
  // The server never sends a password back (with JavaScript the browser may keep what was typed in the field).
  if (!jsEnabled(testInfo)) await expect(page.getByLabel("Password")).toHaveValue("");
  expect(await page.content()).not.toContain("password1");
  await expectNoAxeViolations(page);
  await page.getByLabel("Password").fill(PASSWORD);
  await next(page, "Create my account");
  await step(page, "/signup/complete");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your account is ready");
  await accountMenuShows(page, email);
  const cookie = (await idTokenOf(page.context()))!;
  expect(cookie.httpOnly).toBe(true);
  expect(cookie.sameSite).toBe("Lax");
  expect(cookie.secure).toBe(true);

  // Log out: the session ends on the server, so the old cookie no longer works.
  await logOut(page);
  await page.context().addCookies([cookie]);
  await page.goto("/signup/complete");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fsignup%2Fcomplete$/);
  await expect(page.locator(".account-menu")).toHaveCount(0);
  await page.context().clearCookies({ name: "idToken" });

  // Log in: email, then password; a wrong one gets one message; then back where the patient was.
  await step(page, "/login");
  await page.getByLabel("Email address").fill(email);
  await next(page);
  await step(page, "/login/password");
  await expect(page.getByText(`Logging in as ${email}`)).toBeVisible();
  await page.getByLabel("Password").fill("not my password");
  await next(page, "Log in");
  await expect(page.getByRole("alert")).toContainText("The email address or password is not right.");
  await expectNoAxeViolations(page);
  await page.getByLabel("Password").fill(PASSWORD);
  await next(page, "Log in");
  await expect(page).toHaveURL(/\/signup\/complete$/);
  await accountMenuShows(page, email);

  // A second device stays logged in… until a reset.
  const other = await newContext();
  await other.addCookies([(await idTokenOf(page.context()))!]);
  const otherPage = await other.newPage();
  await otherPage.goto("/signup/complete");
  await expect(otherPage.getByRole("heading", { level: 1 })).toHaveText("Your account is ready");

  // Forgot password → the emailed link → a new password → success; every other session is dead.
  await logOut(page);
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await step(page, "/forgot-password");
  await page.getByLabel("Email address").fill(email);
  await next(page, "Email me a link");
  await step(page, "/forgot-password/sent");
  await expect(page.getByText(email)).toBeVisible();
  const reset = await mailTo(email, /^Set a new Studio Dental password$/);
  const link = reset.match(/https:\/\/dental\.example\.com(\/set-password\?token=[A-Za-z0-9_-]{43})/)![1];
  const resetPage = await page.goto(link);
  // The token is in the URL: the page's policy (the last one the browser reads) sends no Referer on.
  expect(resetPage!.headers()["referrer-policy"].split(/[,\n]/).map((v) => v.trim()).at(-1)).toBe("no-referrer");
  await step(page, "/set-password");
  await page.getByLabel("New password").fill(NEW_PASSWORD);
  await next(page, "Save my new password");
  await step(page, "/set-password/success");
  await accountMenuShows(page, email);
  await otherPage.goto("/signup/complete");
  await expect(otherPage).toHaveURL(/\/login\?redirectTo=/);
  await other.close();
  await mailTo(email, /^Your Studio Dental password was changed$/);
  // The link worked once.
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link no longer works");
  await expectNoAxeViolations(page);

  // The new password logs in; redirectTo off-site lands on our own home page instead.
  await logOut(page);
  await page.goto("/login?redirectTo=https%3A%2F%2Fevil.example%2F");
  await page.getByLabel("Email address").fill(email);
  await next(page);
  await page.getByLabel("Password").fill(NEW_PASSWORD);
  await next(page, "Log in");
  await expect(page).toHaveURL(new RegExp(`^${baseURL}/$`));
  await accountMenuShows(page, email);

  if (!jsEnabled(testInfo)) requests.assertJsOff();
  expect(requests.pageErrors).toEqual([]);
});

test("signing up with a known email: the same pages, and that address gets a note instead of a code", async ({ page }, testInfo) => {
  const email = uniqueEmail(`known-${testInfo.project.name}`);
  // The first sign-up sends a code; the account is made with it.
  await page.goto("/signup");
  await page.getByLabel("Email address").fill(email);
  await next(page, "Send me a code");
  const code = (await mailTo(email, /code/)).match(/^Subject: Your Studio Dental code: (\d{6})$/m)![1];
  await page.getByLabel("Code from the email").fill(code);
  await next(page);
  await page.getByLabel("Your name").fill("Kim");
  await page.getByLabel("Password").fill(PASSWORD);
  await next(page, "Create my account");
  // GET /logout only shows the button (a link never logs anyone out); its POST does.
  await page.goto("/logout");
  await expectNoAxeViolations(page);
  await accountMenuShows(page, email);
  await page.locator("main").getByRole("button", { name: "Log out" }).click();
  await page.waitForLoadState("load");
  await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();
  // A change-of-email link that is not (or no longer) valid says so, and changes nothing.
  await page.goto(`/confirm-email-change?token=${"A".repeat(43)}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link no longer works");
  await expectNoAxeViolations(page);
  // Again with the same address: the same next page, and an email saying there is an account already.
  await page.goto("/signup");
  await page.getByLabel("Email address").fill(email);
  await next(page, "Send me a code");
  await step(page, "/email-verification");
  const note = await mailTo(email, /already have/);
  expect(note).toContain("https://dental.example.com/login");
});
