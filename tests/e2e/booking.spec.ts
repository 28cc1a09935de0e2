import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, jsEnabled, watchDataRequests } from "./support";

/** Clicks the step's submit button and waits for the next page (a document navigation without JS). */
async function next(page: Page, name: string | RegExp = "Continue") {
  await page.getByRole("button", { name, exact: typeof name === "string" }).click();
  await page.waitForLoadState("load");
}

async function step(page: Page, path: string) {
  await expect(page).toHaveURL(new RegExp(`${path}(\\?|$)`));
  await expectNoAxeViolations(page);
}

async function pickFirstTime(page: Page) {
  await step(page, "/booking/times");
  await page.locator('input[name="slot"]').first().check();
  await next(page);
}

/** The common tail: studio → time → email → details → insurance → (card) → review → book. */
async function finish(page: Page, { studio, email, card }: { studio: string; email: string; card: boolean }) {
  await step(page, "/booking/studios");
  await page.getByLabel(studio).check();
  await next(page);
  await pickFirstTime(page);

  await step(page, "/booking/email");
  await page.getByLabel("Email address").fill(email);
  await next(page);

  await step(page, "/booking/contact-info");
  await page.getByLabel("First name").fill("Alex");
  await page.getByLabel("Last name").fill("Rivera");
  await page.getByLabel("Mobile number").fill("(617) 555-0100");
  await page.getByLabel("Date of birth").fill("1990-05-01");
  await page.getByLabel("Mint").check();
  await page.getByLabel("Comedy").check();
  await next(page);

  await step(page, "/booking/insurance");
  await expect(page.getByText("Some dental plans are not accepted")).toBeVisible();
  await page.getByLabel("Guardian").check();
  await page.getByLabel("Member ID (optional)").fill("GRD12345");
  await next(page);

  await step(page, "/booking/insurance-status");
  await next(page);

  if (card) {
    await step(page, "/booking/payment-info");
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry month").selectOption("12");
    await page.getByLabel("Expiry year").fill(String(new Date().getFullYear() + 4));
    await page.getByLabel("Security code (CVC)").fill("123");
    await page.getByLabel("Name on card").fill("Alex Rivera");
    await next(page, "Save card and continue");
  }

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
  await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(1);
  await expect(page.getByRole("row").filter({ hasText: token })).toHaveCount(1);
  return token;
}

function uniqueEmail(journey: string) {
  return `${journey}-${test.info().project.name}-${Date.now()}@example.com`;
}

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
    const token = await finish(page, { studio: "Fenway", email: uniqueEmail("cleaning"), card: true });

    // The calendar file carries the studio's timezone.
    const ics = await page.request.get(`/booking/confirmed/${token}/calendar.ics`);
    expect(ics.status()).toBe(200);
    expect(await ics.text()).toContain("TZID=America/New_York");
    if (!jsEnabled(testInfo)) requests.assertJsOff();
  });

  test("teeth whitening in Nashville needs no card (nashvilleCCRequired is off)", async ({ page }, testInfo) => {
    test.skip(jsEnabled(testInfo), "one JS-on journey is enough: the cleaning above");
    const requests = watchDataRequests(page);
    await page.goto("/booking/markets");
    await page.getByLabel("Nashville").check();
    await next(page);
    await page.getByLabel("Teeth whitening").check();
    await next(page);
    await step(page, "/booking/whitening");
    await expect(page.getByText("$499")).toBeVisible();
    await next(page);
    await finish(page, { studio: "East Nashville", email: uniqueEmail("whitening"), card: false });
    // Nashville is Central time.
    await page.goBack();
    requests.assertJsOff();
  });

  test("an emergency visit, described in the patient's words", async ({ page }, testInfo) => {
    test.skip(jsEnabled(testInfo), "covered with JS off");
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

  test("an Invisalign consult through the ortho quiz, with the intake link", async ({ page }, testInfo) => {
    test.skip(jsEnabled(testInfo), "covered with JS off");
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
