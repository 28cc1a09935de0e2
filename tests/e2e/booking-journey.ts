/** The booking journey's moves, shared by the specs that book before they go on (booking, intake). */
import { expect, type Page } from "@playwright/test";
import { test } from "./support";
import { expectNoAxeViolations, jsEnabled, next } from "./support";

/** Clicks the step's submit button and waits for the next page (support.ts, beside the console's helpers). */
export { next };

export async function step(page: Page, path: string) {
  await expect(page).toHaveURL(new RegExp(`${path}(\\?|$)`));
  await expectNoAxeViolations(page);
}

/** A checkup and cleaning in Boston at Fenway, from the markets page to the times page (by their English labels). */
export async function toFenwayTimes(page: Page) {
  await page.getByLabel("Boston").check();
  await next(page);
  await page.getByLabel("Checkup & cleaning").check();
  await next(page);
  await step(page, "/booking/studios");
  await page.getByLabel("Fenway").check();
  await next(page);
}

/** On the times page: a time a week ahead (`laterWeek`), or on the second day offered; then Continue. */
export async function pickFirstTime(page: Page, laterWeek: boolean) {
  await step(page, "/booking/times");
  if (laterWeek) {
    // A week ahead: the visit is then surely more than 24 hours away, whatever the time of day.
    await page.getByRole("link", { name: "Later times →" }).first().click();
    // With JavaScript on the link is a client navigation: "load" has already fired, the week's times come later.
    await expect(page).toHaveURL(/[?&]week=/);
    await page.waitForLoadState("load");
  } else {
    // The second day with times, not the first time offered: that one sits at the booking notice's edge, and
    // the seconds the test takes to reach the last step can carry it past (the server then rightly refuses it).
    const days = page.getByRole("navigation", { name: "Days with free times" }).getByRole("link");
    if ((await days.count()) > 1) {
      await days.nth(1).click();
      await expect(page).toHaveURL(/[?&]day=/);
    }
  }
  await page.locator('input[name="slot"]').first().check();
  await next(page);
}

/** The card step: a test card in Alex Rivera's name, saved. */
export async function payByCard(page: Page) {
  await step(page, "/booking/payment-info");
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry month").selectOption("12");
  await page.getByLabel("Expiry year").fill(String(new Date().getFullYear() + 4));
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByLabel("Name on card").fill("Alex Rivera");
  await next(page, "Save card and continue");
}

/** The insurance steps with a Guardian plan (no member ID), then the card step. */
export async function guardianAndCard(page: Page) {
  await step(page, "/booking/insurance");
  await page.getByLabel("Guardian").check();
  await next(page);
  await step(page, "/booking/insurance-status");
  await next(page);
  await payByCard(page);
}

/** The common tail: studio → time → email → details → insurance → (card) → review → book. */
type Details = {
  email: string;
  phone?: string;
  comfort?: "cleaning" | "whitening" | "none";
  /** What a spec does on the contact step once it is filled in (the texts spec ticks the consent box). */
  atContactInfo?: (page: Page) => Promise<void>;
};

/** From the email step (a time held) past the insurance's status: the patient's details and plan, as a patient types them. */
export async function detailsAndInsurance(page: Page, { email, phone = "(617) 555-0100", comfort = "none", atContactInfo }: Details) {
  await step(page, "/booking/email");
  await page.getByLabel("Email address").fill(email);
  await next(page);

  await step(page, "/booking/contact-info");
  await page.getByLabel("First name").fill("Alex");
  await page.getByLabel("Last name").fill("Rivera");
  await page.getByLabel("Mobile number").fill(phone);
  const dob = page.getByRole("group", { name: "Date of birth" });
  await dob.getByLabel("Month").fill("5");
  await dob.getByLabel("Day").fill("1");
  await dob.getByLabel("Year").fill("1990");
  await expect(page.getByRole("group", { name: "Polishing paste flavor" })).toHaveCount(comfort === "cleaning" ? 1 : 0);
  await expect(page.getByRole("group", { name: /What would you like to watch/ })).toHaveCount(comfort === "none" ? 0 : 1);
  if (comfort === "cleaning") await page.getByLabel("Mint").check();
  if (comfort !== "none") await page.getByLabel("Comedy").check();
  await atContactInfo?.(page);
  await next(page);

  await step(page, "/booking/insurance");
  await expect(page.getByText("Some dental plans are not accepted")).toBeVisible();
  await page.getByLabel("Guardian").check();
  await page.getByLabel("Member ID (optional)").fill("GRD12345");
  await next(page);

  await step(page, "/booking/insurance-status");
  await next(page);
}

/**
 * `comfort`: which comfort preferences the details step asks (spec §5: only where the insurance rule
 * needs them: a cleaning asks flavor and show, whitening the show, other visits neither).
 */
export async function finish(page: Page, { studio, card, laterWeek = false, ...details }: Details & { studio: string; card: boolean; laterWeek?: boolean }) {
  const { email } = details;
  await step(page, "/booking/studios");
  await page.getByLabel(studio).check();
  await next(page);
  await pickFirstTime(page, laterWeek);
  await detailsAndInsurance(page, details);

  if (card) await payByCard(page);

  await step(page, "/booking/confirmation");
  await expect(page.getByText(email)).toBeVisible();
  await next(page, "Book appointment");
  await expect(page).toHaveURL(/\/booking\/confirmed\//);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/booked/i);
  await expectNoAxeViolations(page);
  const token = new URL(page.url()).pathname.split("/").pop()!;
  if (jsEnabled(test.info())) {
    // With JavaScript the tag manager's data layer hears of the booking once, with an event id.
    const events = () =>
      page.evaluate(() => ((window as unknown as { dataLayer?: { event?: string; eventId?: string }[] }).dataLayer ?? []).filter((e) => e.event === "booking_success"));
    await expect.poll(async () => (await events()).length).toBe(1);
    expect((await events())[0].eventId).toMatch(/^bk_[0-9a-f]{24}$/);
  }

  // What the database holds, read through the dev-only outbox page.
  await page.goto("/dev/outbox");
  await expect(page.locator("#outbox").getByRole("row").filter({ hasText: email })).toHaveCount(1);
  // (A text to a patient who ticked the box carries the token in its link: the appointments table only.)
  await expect(page.locator("#appointments").getByRole("row").filter({ hasText: token })).toHaveCount(1);
  return token;
}

export function uniqueEmail(journey: string) {
  return `${journey}-${test.info().project.name}-${Date.now()}@example.com`;
}

