import { expect } from "@playwright/test";
import { test } from "./support";
import { finish, next, step, uniqueEmail } from "./booking-journey";
import { jsEnabled, watchDataRequests } from "./support";

test.describe("booking journeys", () => {
  test("a checkup & cleaning in Boston, with a card on file", async ({ page }, testInfo) => {
    const requests = watchDataRequests(page);
    await page.goto("/booking");
    await step(page, "/booking/markets");
    await page.getByLabel("Boston").check();
    await next(page);
    await step(page, "/booking/services");
    await page.getByLabel("Checkup & cleaning").check();
    await next(page);
    const token = await finish(page, { studio: "Fenway", email: uniqueEmail("cleaning"), card: true, comfort: "cleaning" });

    // The calendar file carries the studio's timezone.
    const ics = await page.request.get(`/booking/confirmed/${token}/calendar.ics`);
    expect(ics.status()).toBe(200);
    expect(await ics.text()).toContain("TZID=America/New_York");
    expect(requests.pageErrors, "uncaught or hydration errors in the page").toEqual([]);
    if (!jsEnabled(testInfo)) requests.assertJsOff();
  });

  // One JS-on journey is enough (the cleaning above): the js-off project only (playwright.config.ts).
  test("teeth whitening in Nashville needs no card (nashvilleCCRequired is off)", { tag: "@js-off-only" }, async ({ page }) => {
    const requests = watchDataRequests(page);
    await page.goto("/booking/markets");
    await page.getByLabel("Nashville").check();
    await next(page);
    await page.getByLabel("Teeth whitening").check();
    await next(page);
    await step(page, "/booking/whitening");
    await expect(page.getByText("$499")).toBeVisible();
    await next(page);
    await finish(page, { studio: "East Nashville", email: uniqueEmail("whitening"), card: false, comfort: "whitening" });
    // Nashville is Central time.
    await page.goBack();
    requests.assertJsOff();
  });

  // Covered with JS off: the js-off project only (playwright.config.ts).
  test("an emergency visit, described in the patient's words", { tag: "@js-off-only" }, async ({ page }) => {
    const requests = watchDataRequests(page);
    await page.goto("/booking/markets");
    await page.getByLabel("New York City").check();
    await next(page);
    await page.getByLabel(/in pain/).check();
    await next(page);
    await step(page, "/booking/emergency");
    await next(page);
    await step(page, "/booking/emergency-type");
    await page.getByLabel("Toothache or sharp pain").check();
    await next(page);
    await step(page, "/booking/freeform-questions");
    await page.getByRole("textbox").fill("Sharp pain in a lower left molar since last night.");
    await next(page);
    await finish(page, { studio: "Wall Street", email: uniqueEmail("emergency"), card: true });
    requests.assertJsOff();
  });

  // Covered with JS off: the js-off project only (playwright.config.ts).
  test("an Invisalign consult through the ortho quiz, with the intake link", { tag: "@js-off-only" }, async ({ page }) => {
    const requests = watchDataRequests(page);
    await page.goto("/booking/markets");
    await page.getByLabel("Washington, DC").check();
    await next(page);
    await page.getByLabel(/Invisalign, braces/).check();
    await next(page);
    await step(page, "/booking/ortho-markets");
    await next(page);
    await step(page, "/booking/ortho-quiz");
    await page.getByLabel("Crooked or crowded teeth").check();
    await page.getByLabel("A discreet look").check();
    await page.getByLabel("An adult (18 or older)").check();
    await next(page, "See my result");
    await step(page, "/booking/ortho-quiz-result");
    await expect(page.getByLabel("Invisalign consult")).toBeChecked();
    await next(page, "Book this consult");
    await step(page, "/booking/invisalign-consult");
    await next(page);
    const email = uniqueEmail("invisalign");
    const token = await finish(page, { studio: "Navy Yard", email, card: true });
    await page.goBack();
    // INVISALN requires intake (spec §5): the confirmation links to it.
    await page.goto(`/booking/confirmed/${token}`);
    await expect(page.getByRole("link", { name: /intake/i })).toHaveAttribute("href", `/intake?token=${token}&appointmentBooked=true`);
    requests.assertJsOff();
  });
});

test("a page of the funnel with no booking in progress sends the patient to the start", async ({ page }) => {
  await page.goto("/booking/times");
  await expect(page).toHaveURL(/\/booking\/markets$/);
});

test("a tampered booking cookie starts over instead of failing", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "booking", value: "eyJhbGciOiJkaXIifQ..bogus.bogus.bogus", url: baseURL! }]);
  const response = await page.goto("/booking/confirmation");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/booking\/markets$/);
});
