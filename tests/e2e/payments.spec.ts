/**
 * Issue 32 A and D (decision 060): with Stripe configured, the booking's card is typed on Stripe's hosted page only.
 * The shared e2e server runs the local test provider (the other specs type a card on our own form), so this spec
 * starts its own app server with STRIPE_* pointing at the local Stripe (tests/helpers/stripe-server.ts), both on
 * this spec's ports (E2E_PORT + 2 and + 3). With JavaScript off and on: booking → our card step (no card field) →
 * Stripe's hosted page → a card → back, booked with its last 4; the declined test card; Cancel on Stripe's page.
 * Every request our server receives is scanned for a card number, and so are its logs and its database files.
 */
import { readdirSync, readFileSync, statSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { runNode, startServer, stop, type ServerChild } from "../helpers/process";
import { startStripeServer, type StripeServer } from "../helpers/stripe-server";
import { detailsAndInsurance, next, pickFirstTime, step, toFenwayTimes, uniqueEmail } from "./booking-journey";
import { totpCode } from "../../app/console/totp";
import { expectNoAxeViolations, jsEnabled, shoot, STAFF_PASSWORD, test, watchEveryTest } from "./support";

const PORT = Number(process.env.E2E_PORT ?? 3210);
const APP_PORT = PORT + 2;
const APP = `http://localhost:${APP_PORT}`;
const SECRET = "sk_test_e2elocalstripe0123456789";
const WHSEC = "whsec_e2elocalstripesecret0123";

let stripe: StripeServer;
let app: ServerChild;
let dataDir: string;
let fees: Record<string, { payPath: string; visitId: number; manager: string; setupPath: string }>;
/** Every request the browser sent to our server: method, URL and body. */
const received: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(300_000);
  stripe = await startStripeServer({ secretKey: SECRET, webhookSecret: WHSEC, port: PORT + 3 });
  dataDir = mkdtempSync(path.join(tmpdir(), "pay-e2e-"));
  // A declined fee's pay link and a manager of its studio per project, made before the server opens the database.
  const fixture = runNode("tests/fixtures/fee-e2e.ts", { DATA_DIR: dataDir, SITE_ORIGIN: APP, FEE_E2E_FILE: path.join(dataDir, "..", `${path.basename(dataDir)}-fees.json`), SESSION_SECRET: "e2e-pay-fixture-secret-0123456789abcdef" });
  expect(await fixture.exited, fixture.stderr()).toBe(0);
  fees = JSON.parse(readFileSync(path.join(dataDir, "..", `${path.basename(dataDir)}-fees.json`), "utf8"));
  app = await startServer(
    {
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      SITE_ORIGIN: APP,
      STRIPE_SECRET_KEY: SECRET,
      STRIPE_WEBHOOK_SECRET: WHSEC,
      STRIPE_API_URL: stripe.url,
      AVAILABILITIES_TIMEOUT_MS: "5000",
      SLOT_HOLDS_PER_ADDRESS_HOUR: "100000",
      SLOT_HOLDS_PER_ADDRESS_DAY: "100000",
    },
    { port: APP_PORT },
  );
  stripe.webhookUrl = `http://127.0.0.1:${APP_PORT}/payments/stripe/webhook`;
});

test.afterAll(async () => {
  if (app) await stop(app);
  if (stripe) await stripe.close();
});

const watch = watchEveryTest();

test.beforeEach(({ page }) => {
  page.on("request", (request) => {
    if (request.url().startsWith(APP)) received.push(`${request.method()} ${request.url()} ${request.postData() ?? ""}`);
  });
});

/** 13–19 digits (spaces or dashes between groups allowed) starting as a card network's do (2–6), passing the Luhn check. */
function cardNumbersIn(text: string): string[] {
  const luhn = (d: string) => {
    let sum = 0;
    for (let i = 0; i < d.length; i++) {
      let x = Number(d[d.length - 1 - i]);
      if (i % 2 === 1 && (x *= 2) > 9) x -= 9;
      sum += x;
    }
    return sum % 10 === 0;
  };
  return [...text.matchAll(/(?<![\d])[2-6](?:[ +-]?\d){12,18}(?![\d])/g)].map((m) => m[0].replace(/\D/g, "")).filter(luhn);
}

/** A cleaning at Fenway a week ahead, answered up to our card step. */
async function toCardStep(page: Page, journey: string) {
  await page.goto(`${APP}/booking`);
  await toFenwayTimes(page);
  await pickFirstTime(page, true);
  await detailsAndInsurance(page, { email: uniqueEmail(journey), comfort: "cleaning" });
  await step(page, "/booking/payment-info");
}

/** Our card step with Stripe: no field a card could be typed into, the policy, and the way to Stripe's page. */
async function expectStripeStep(page: Page) {
  await expect(page.locator('input[autocomplete^="cc-"], input[name="number"], input[name="cvc"]')).toHaveCount(0);
  await expect(page.getByRole("textbox")).toHaveCount(0);
  await expect(page.getByText("Cancellation policy")).toBeVisible();
  await expect(page.getByText(/Held for you until/)).toBeVisible();
}

const toStripe = (page: Page) => next(page, /Add a card on Stripe/);
const STRIPE_PAGE = new RegExp(`^http://127\\.0\\.0\\.1:${PORT + 3}/c/pay/cs_test_`);

async function typeCard(page: Page, number: string) {
  await expect(page).toHaveURL(STRIPE_PAGE);
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiration (MM / YY)").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await next(page, "Save card");
}

test.describe("the booking's card, saved on Stripe's page", () => {
  test("our step has no card field; Stripe's page takes 4242…; back on the review with Visa ending 4242, booked; no card number reaches our server", async ({ page }, testInfo) => {
    await toCardStep(page, "stripe-card");
    await expectStripeStep(page);
    await expectNoAxeViolations(page);
    await shoot(page, "payment-step-stripe", testInfo);
    await toStripe(page);
    await expect(page).toHaveURL(STRIPE_PAGE);
    await expectNoAxeViolations(page);
    await shoot(page, "stripe-hosted-page", testInfo);
    await typeCard(page, "4242 4242 4242 4242");

    await step(page, "/booking/confirmation");
    await expect(page.getByText("Visa ending 4242")).toBeVisible();
    await next(page, "Book appointment");
    await expect(page).toHaveURL(/\/booking\/confirmed\//);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/booked/i);
    await expectNoAxeViolations(page);
    if (!jsEnabled(testInfo)) watch().assertJsOff();

    // Nothing card-like in what our server received (the browser's requests, Stripe's events), logged or stored.
    await stripe.settled();
    expect(received.some((r) => r.startsWith("POST") && r.includes("/booking/payment-info"))).toBe(true);
    expect(cardNumbersIn(received.join("\n"))).toEqual([]);
    const events = stripe.events.map((e) => JSON.stringify(e.event)).join("\n");
    expect(events).toContain("setup_intent.succeeded");
    expect(cardNumbersIn(events)).toEqual([]);
    expect(cardNumbersIn(app.stdout() + app.stderr())).toEqual([]);
    const files = (dir: string): string[] => readdirSync(dir).flatMap((f) => (statSync(path.join(dir, f)).isDirectory() ? files(path.join(dir, f)) : [path.join(dir, f)]));
    const stored = files(dataDir);
    expect(stored.length).toBeGreaterThan(10);
    for (const file of stored) expect(readFileSync(file).includes("4242424242424242"), file).toBe(false);
  });

  test("4000 0000 0000 0002 is declined on Stripe's page; Back shows our insufficent_funds message with the time still held; Cancel again keeps it; a good card then books", async ({ page }, testInfo) => {
    await toCardStep(page, "stripe-declined");
    const held = await page.getByText(/Held for you until/).innerText();
    await toStripe(page);
    await typeCard(page, "4000 0000 0000 0002");
    await expect(page).toHaveURL(STRIPE_PAGE);
    await expect(page.getByRole("alert")).toContainText("insufficient funds");

    await page.getByRole("link", { name: "← Back" }).click();
    await page.waitForLoadState("load");
    await step(page, "/booking/payment-info");
    await expect(page.getByRole("alert")).toContainText("Your card was declined. Please try another card");
    await expectStripeStep(page);
    await expectNoAxeViolations(page);
    await shoot(page, "payment-step-stripe-declined", testInfo);
    // The hold was extended for the trip: still held, now later than before leaving.
    expect(await page.getByText(/Held for you until/).innerText()).not.toBe(held);

    // Cancel on Stripe's page without typing anything: back at the step, time held, no refusal to tell.
    await toStripe(page);
    await expect(page).toHaveURL(STRIPE_PAGE);
    await page.getByRole("link", { name: "← Back" }).click();
    await page.waitForLoadState("load");
    await step(page, "/booking/payment-info");
    await expectStripeStep(page);
    await expect(page.getByRole("alert")).toHaveCount(0);

    await toStripe(page);
    await typeCard(page, "5555 5555 5555 4444");
    await step(page, "/booking/confirmation");
    await expect(page.getByText("Mastercard ending 4444")).toBeVisible();

    // A return address with a session this booking did not send (forged, or another's): the site's 404 page.
    const forged = await page.goto(`${APP}/booking/payment-info/return?session=cs_test_notthisbookings0123456789`);
    expect(forged?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link no longer works");
    await expect(page.getByRole("link", { name: "Back to the card step" })).toBeVisible();
    await expectNoAxeViolations(page);
    if (!jsEnabled(testInfo)) watch().assertJsOff();
  });
});

test.describe("a declined fee paid from its emailed link, then refunded by the studio's manager", () => {
  test("the pay page takes the patient to Stripe's page and back to \"Fee paid\"; the manager refunds part of it in the console; the patient's page says so", async ({ page }, testInfo) => {
    const fee = fees[testInfo.project.name];
    await page.goto(`${APP}${fee.payPath}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Late-cancellation fee");
    await expect(page.getByText("We tried to charge the card on file and it was declined.")).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot(page, "fee-pay-page", testInfo);
    await next(page, "Pay $50.00 on Stripe’s secure page");
    await expect(page).toHaveURL(STRIPE_PAGE);
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiration (MM / YY)").fill("12 / 34");
    await page.getByLabel("CVC").fill("123");
    await next(page, "Pay $50.00");
    await expect(page).toHaveURL(new RegExp(`${fee.payPath}`));
    // Stripe's event may land a moment after the patient: "being confirmed" until it has, then "paid".
    await stripe.settled();
    await page.goto(`${APP}${fee.payPath}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fee paid");
    await expectNoAxeViolations(page);
    await shoot(page, "fee-paid-page", testInfo);

    // The studio's manager: setup (password, authenticator), sign-in with both factors, the visit, a $20 refund.
    await page.goto(`${APP}${fee.setupPath}`);
    const secret = (await page.locator("#totp-secret").innerText()).trim();
    await page.getByLabel("Password", { exact: true }).fill(STAFF_PASSWORD);
    await page.getByLabel("The password again").fill(STAFF_PASSWORD);
    await page.getByLabel("The 6-digit code the app shows now").fill(totpCode(secret, new Date()));
    await next(page, "Finish setup");
    await page.getByRole("link", { name: "Sign in" }).click();
    await page.getByLabel("Work email").fill(fee.manager);
    await page.getByLabel("Password").fill(STAFF_PASSWORD);
    await next(page, "Continue");
    await page.getByLabel("Code").fill(totpCode(secret, new Date(Date.now() + 30_000)));
    await next(page, "Sign in");
    await page.goto(`${APP}/staff/visits/${fee.visitId}`);
    await expect(page.getByRole("heading", { name: "Late-cancel fee" })).toBeVisible();
    await expect(page.locator(".console-fee")).toContainText("Paid");
    await page.getByLabel("Amount to refund (USD)").fill("20.00");
    await page.getByLabel(/Reason/).fill("Cancelled for a family emergency");
    await next(page, "Refund");
    await expect(page.locator(".console-fee")).toContainText("$20.00");
    await expectNoAxeViolations(page);
    await shoot(page, "console-fee-refunded", testInfo);
    await stripe.settled();
    expect([...stripe.refunds.values()].some((r) => r.amount === 2000)).toBe(true);

    await page.goto(`${APP}${fee.payPath}`);
    await expect(page.getByText("$20.00 of it was refunded to your card.")).toBeVisible();
    if (!jsEnabled(testInfo)) watch().assertJsOff();
  });
});
