import { expect, type Page } from "@playwright/test";
import { test } from "./support";
import { finish, next, step } from "./booking-journey";
import { useMailbox } from "./mailbox";
import { expectNoAxeViolations } from "./support";

/**
 * A visit managed as a patient manages it, with JavaScript off (and once on), reading the real emails:
 * book as a guest → sign up with that email → the visit is on /profile → its detail page → reschedule it
 * (the email with the new .ics arrives) → cancel it (the email with METHOD:CANCEL arrives). A guest
 * cancels from the manage link in the confirmation email. axe on every page.
 */
const PASSWORD = "correct horse battery staple";
const { mailTo } = useMailbox();
const uniqueEmail = (what: string) =>
  `${what}-${test.info().project.name}-${Date.now()}@example.com`;

async function bookCleaning(page: Page, email: string) {
  await page.goto("/booking?service=CLNCHK");
  await page.getByLabel("Boston").check();
  await next(page);
  return finish(page, {
    studio: "Fenway",
    email,
    card: true,
    comfort: "cleaning",
    laterWeek: true,
  });
}

async function signUp(page: Page, email: string) {
  await page.goto("/signup");
  await page.getByLabel("Email address").fill(email);
  await next(page, "Send me a code");
  await step(page, "/email-verification");
  const code = (await mailTo(email, /^Your Studio Dental code: \d{6}$/)).match(
    /^Subject: Your Studio Dental code: (\d{6})$/m
  )![1];
  await page.getByLabel("Code from the email").fill(code);
  await next(page);
  await step(page, "/signup/create");
  await page.getByLabel("Your name").fill("Alex Rivera");
  await page.getByLabel("Password").fill(PASSWORD);
  await next(page, "Create my account");
  await step(page, "/signup/complete");
}

test("book as a guest, sign up, see the visit in the patient area, reschedule it, cancel it: each change emailed with its calendar file", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const email = uniqueEmail("manage");
  const token = await bookCleaning(page, email);
  const booked = await mailTo(
    email,
    /^Studio Dental: your Checkup & cleaning on /
  );
  const uid = booked.match(/^UID:(.+)$/m)![1].trim();
  expect(uid).toBe(`${token}@studio-dental`);

  await signUp(page, email);
  await page.goto("/profile");
  await expectNoAxeViolations(page);
  await page
    .locator(`a[href="/profile/appointments/${token}"]`)
    .first()
    .click();
  await step(page, `/profile/appointments/${token}`);

  // Everything a patient checks before leaving home.
  const facts = page.locator(".summary-list");
  await expect(facts).toContainText("Checkup & cleaning · 1 hour");
  await expect(facts).toContainText(/(EST|EDT)/);
  await expect(facts).toContainText("Fenway");
  await expect(facts).toContainText("1330 Boylston St");
  await expect(facts.getByRole("link", { name: /\(617\)/ })).toHaveAttribute(
    "href",
    /^tel:\+1617/
  );
  await expect(facts.getByRole("link", { name: /Map/ })).toBeVisible();
  await expect(facts).toContainText("A dental hygienist");
  await expect(
    page.getByRole("heading", { name: "What to bring" })
  ).toBeVisible();
  await expect(
    page.getByRole("link", { name: "Add to calendar (.ics)" })
  ).toHaveAttribute("href", `/booking/confirmed/${token}/calendar.ics`);
  const oldWhen = (await facts.locator("dd").first().innerText()).trim();

  // Reschedule to the first time of a later week.
  await page.getByRole("link", { name: "Reschedule" }).click();
  await step(page, `/profile/appointments/${token}/reschedule`);
  await next(page, "Move my visit to this time");
  await expect(page.getByRole("alert")).toContainText("Choose a new time.");
  await expectNoAxeViolations(page);
  const thisWeeks = await page.locator('input[name="slot"]').first().getAttribute("value");
  await page.getByRole("link", { name: "Later times →" }).first().click();
  await page.waitForLoadState("load");
  // With JavaScript on the URL changes before the next week's times are drawn: choose none of the week before.
  await expect(page.locator('input[name="slot"]').first()).not.toHaveAttribute("value", thisWeeks ?? "");
  const newSlot = page.locator('input[name="slot"]').first();
  const newStartsAt = await newSlot.getAttribute("value");
  await newSlot.check();
  await next(page, "Move my visit to this time");
  await step(page, `/profile/appointments/${token}`);
  await expect(page.getByRole("status")).toContainText("Your visit has moved");
  const newWhen = (await facts.locator("dd").first().innerText()).trim();
  expect(newWhen).not.toBe(oldWhen);
  const moved = await mailTo(email, /is moved to/);
  expect(moved).toContain(`UID:${uid}`);
  expect(moved).toContain("SEQUENCE:1");
  expect(moved).toContain(`It was on ${oldWhen}`);
  expect(newStartsAt).toBeTruthy();

  // Cancel: the terms first, then one button.
  await page.getByRole("link", { name: "Cancel visit" }).click();
  await step(page, `/profile/appointments/${token}/cancel`);
  await expect(page.getByText("Cancelling is free")).toBeVisible();
  await next(page, "Cancel my visit");
  await step(page, `/profile/appointments/${token}`);
  await expect(page.getByRole("status")).toContainText(
    "This visit is cancelled"
  );
  await expect(page.getByRole("link", { name: "Reschedule" })).toHaveCount(0);
  const cancelled = await mailTo(email, /is cancelled$/);
  expect(cancelled).toContain("METHOD:CANCEL");
  expect(cancelled).toContain(`UID:${uid}`);
  expect(cancelled).toContain("SEQUENCE:2");
  // The visit list says so too.
  await page.goto("/profile");
  await expect(
    page.locator(`a[href="/profile/appointments/${token}"]`).first()
  ).toBeVisible();
});

test("a guest cancels from the manage link in the confirmation email", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail("guest-cancel");
  const token = await bookCleaning(page, email);
  const booked = await mailTo(
    email,
    /^Studio Dental: your Checkup & cleaning on /
  );
  const link = booked.match(
    /Manage your visit \(reschedule or cancel\): (https:\/\/dental\.example\.com\/booking\/confirmed\/[A-Za-z0-9_-]+)/
  )![1];
  expect(link).toContain(token);

  await page.context().clearCookies();
  await page.goto(new URL(link).pathname);
  await step(page, `/booking/confirmed/${token}`);
  await page.getByRole("link", { name: "Cancel visit" }).click();
  await step(page, `/booking/confirmed/${token}/cancel`);
  await page.getByRole("link", { name: "Keep my visit" }).click();
  await step(page, `/booking/confirmed/${token}`);
  await page.getByRole("link", { name: "Cancel visit" }).click();
  await next(page, "Cancel my visit");
  await step(page, `/booking/confirmed/${token}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "This appointment was cancelled"
  );
  await expect(
    page.getByRole("link", { name: "Book another visit" })
  ).toBeVisible();
  expect(await mailTo(email, /is cancelled$/)).toContain("METHOD:CANCEL");
  // The page the guest had open is stale now: pressing its button again changes nothing.
  await page.goto(`/booking/confirmed/${token}/cancel`);
  await expect(
    page.getByText("This visit is already cancelled.")
  ).toBeVisible();
  await expectNoAxeViolations(page);
});
