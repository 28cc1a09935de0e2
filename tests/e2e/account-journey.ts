/** The sign-up journey's moves, shared by the specs that start with a new account (family, family-es). */
import type { Page } from "@playwright/test";
import { next, step } from "./booking-journey";

export const PASSWORD = "correct horse battery staple";

/**
 * Signs up with the emailed code, from `start` (the sign-up page; with `?lang=en-US` in a spec whose browser asks
 * for another language), and lands on /signup/complete. `mailTo` is the spec's mailbox (useMailbox()).
 */
export async function signUp(page: Page, mailTo: (address: string, subject: RegExp) => Promise<string>, email: string, name: string, start = "/signup") {
  await page.goto(start);
  await page.getByLabel("Email address").fill(email);
  await next(page, "Send me a code");
  const code = (await mailTo(email, /code/)).match(/^Subject: Your Studio Dental code: (\d{6})$/m)![1];
  await page.getByLabel("Code from the email").fill(code);
  await next(page);
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("Password").fill(PASSWORD);
  await next(page, "Create my account");
  await step(page, "/signup/complete");
}
