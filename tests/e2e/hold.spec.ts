/**
 * Slot holds (issue 19 A, decision 021) with two patients, each in their own browser (cookie jar): a time one
 * patient chose is held for them, so the other is not offered it and, choosing it from a page read earlier, is told
 * on the times page and shown the times still free; the holder sees until when it is held and books it without a
 * conflict. A braces consult: Fenway has one orthodontist, so one hold takes the time. Expiry is driven by the clock
 * in tests/integration/slot-holds.test.ts (nothing sleeps here).
 */
import { expect, type Page } from "@playwright/test";
import { guardianAndCard, next, step, uniqueEmail } from "./booking-journey";
import { expectNoAxeViolations, jsEnabled, test } from "./support";

/** A braces consult at Fenway, from the deep link to the times step, a week ahead (surely > 24 h away). */
async function toTimes(page: Page) {
  await page.goto("/booking?market=boston&service=BRACESCON&studio=fenway");
  await step(page, "/booking/smile-straightening");
  await next(page);
  await step(page, "/booking/times");
  const thisWeeks = await page.locator('input[name="slot"]').first().getAttribute("value");
  await page.getByRole("link", { name: "Later times →" }).first().click();
  await page.waitForLoadState("load");
  await expect(page).toHaveURL(/[?&]week=1/);
  // With JavaScript on the URL changes before the next week's times are drawn: read no time of the week before.
  await expect(page.locator('input[name="slot"]').first()).not.toHaveAttribute("value", thisWeeks ?? "");
}

test.describe("a time held while the patient finishes booking", () => {
  test("another patient is not offered it and is told if they choose it; the holder books it without a conflict", async ({ page, newContext }, testInfo) => {
    const other = await newContext();
    const second = await other.newPage();
    try {
      // Both patients read the same day's times; the second keeps that page open.
      await toTimes(page);
      const slots = page.locator('input[name="slot"]');
      // js-off and js-on run one after the other on one server: each takes its own time of the day.
      const chosen = (await slots.nth(jsEnabled(testInfo) ? 1 : 0).getAttribute("value"))!;
      const day = new URL(page.url()).searchParams.get("day");
      await toTimes(second);
      if (day) await second.goto(`/booking/times?week=1&day=${day}`);
      await expect(second.locator(`input[name="slot"][value="${chosen}"]`)).toHaveCount(1);

      // The first patient chooses it: held for them, the later steps say until when.
      await page.locator(`input[name="slot"][value="${chosen}"]`).check();
      await next(page);
      await step(page, "/booking/email");
      await expect(page.getByText(/Held for you until \d{1,2}:\d{2} [AP]M/)).toBeVisible();

      // The second patient, choosing it from the page read before: told on the times page, shown the free times.
      await second.locator(`input[name="slot"][value="${chosen}"]`).check();
      await next(second);
      await expect(second).toHaveURL(/\/booking\/times/);
      await expect(second.getByText("Sorry — that time was just taken by someone else").first()).toBeVisible();
      await expect(second.locator(`input[name="slot"][value="${chosen}"]`)).toHaveCount(0);
      await expect(second.locator('input[name="slot"]').first()).toBeVisible();
      await expectNoAxeViolations(second);
      // Reading the times afresh: still not offered, while the hold lasts.
      await second.goto(`/booking/times?week=1${day ? `&day=${day}` : ""}`);
      await expect(second.locator(`input[name="slot"][value="${chosen}"]`)).toHaveCount(0);

      // The holder finishes and books it: no conflict.
      await page.getByLabel("Email address").fill(uniqueEmail("hold"));
      await next(page);
      await step(page, "/booking/contact-info");
      await expect(page.getByText(/Held for you until/)).toBeVisible();
      await page.getByLabel("First name").fill("Alex");
      await page.getByLabel("Last name").fill("Rivera");
      await page.getByLabel("Mobile number").fill("(617) 555-0100");
      const dob = page.getByRole("group", { name: "Date of birth" });
      await dob.getByLabel("Month").fill("5");
      await dob.getByLabel("Day").fill("1");
      await dob.getByLabel("Year").fill("1990");
      await next(page);
      await guardianAndCard(page);
      await step(page, "/booking/confirmation");
      await expect(page.getByText(/Held for you until \d{1,2}:\d{2} [AP]M/)).toBeVisible();
      await next(page, "Book appointment");
      await expect(page).toHaveURL(/\/booking\/confirmed\/[^/?]+\?booked=1/);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(/booked/i);
      await expectNoAxeViolations(page);
    } finally {
      await other.close();
    }
  });
});
