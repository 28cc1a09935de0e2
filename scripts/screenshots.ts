/**
 * Screenshots at 360 px and 1280 px with JavaScript off, for judging the design: each booking step, managing
 * the visit, the patient area and the public pages:
 *   npm run build && npm run screenshots            → docs/screenshots/*.png
 * Starts its own server on an empty database (SCREENSHOT_PORT, default 3399) and books one cleaning in Boston.
 */
import { spawn } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { chromium, type Page } from "@playwright/test";

const PORT = Number(process.env.SCREENSHOT_PORT ?? 3399);
const OUT = process.env.SCREENSHOT_DIR ?? "docs/screenshots";
const DATA_DIR = `/tmp/dental-screenshots-${process.pid}`;
const base = `http://localhost:${PORT}`;
const WIDTHS = [360, 1280];

async function waitForServer() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not start");
}

let n = 0;
async function shoot(page: Page, name: string) {
  n++;
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 600 ? 780 : 900 });
    await page.screenshot({ path: `${OUT}/${String(n).padStart(2, "0")}-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function next(page: Page, name = "Continue") {
  await Promise.all([page.waitForLoadState("load"), page.getByRole("button", { name, exact: true }).click()]);
  await page.waitForLoadState("load");
}

/** Issue 10 D: the guest signs up from the confirmed page's offer, then books again logged in (no email step). */
async function returningPatient(page: Page, confirmed: string) {
  await page.goto(confirmed);
  await next(page, "Create an account");
  await page.goto(`${base}/dev/outbox`);
  const subject = await page.locator("#outbox td").filter({ hasText: "Your Studio Dental code:" }).first().textContent();
  await page.goBack();
  await page.getByLabel("Code from the email").fill(subject!.match(/\d{6}/)![0]);
  await next(page);
  await page.getByLabel("Your name").fill("Alex Rivera");
  await page.getByLabel("Password").fill("correct horse battery staple");
  await next(page, "Create my account");
  await page.goto(`${base}/booking?market=boston&service=CLNCHK&studio=fenway`);
  await page.locator('input[name="slot"]').last().check();
  await next(page);
  await shoot(page, "contact-info-logged-in");
  await next(page);
  await page.getByLabel("Guardian").check();
  await next(page);
  await next(page);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry month").selectOption("12");
  await page.getByLabel("Expiry year").fill(String(new Date().getFullYear() + 4));
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByLabel("Name on card").fill("Alex Rivera");
  await next(page, "Save card and continue");
  await shoot(page, "confirmation-logged-in");
}

/**
 * Issue 20 A, family members (docs/screenshots/family-<page>-<width>.png): a new account adds a child (the add
 * form, then its errors) and a partner, books the child's checkup ("who is this visit for?"), adds the partner at
 * the same time, and sees both visits confirmed and on the profile. Its own account and browser context.
 */
async function familyScreens(browser: Awaited<ReturnType<typeof chromium.launch>>) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const shot = async (name: string) => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width < 600 ? 780 : 900 });
      await page.screenshot({ path: `${OUT}/family-${name}-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  };
  const email = `family-${Date.now()}@example.com`;
  await page.goto(`${base}/signup`);
  await next(page, "Dismiss");
  await page.getByLabel("Email address").fill(email);
  await next(page, "Send me a code");
  await page.goto(`${base}/dev/outbox`);
  const subject = await page.locator("#outbox tr").filter({ hasText: email }).filter({ hasText: "Your Studio Dental code:" }).first().textContent();
  await page.goBack();
  await page.getByLabel("Code from the email").fill(subject!.match(/code: (\d{6})/)![1]);
  await next(page);
  await page.getByLabel("Your name").fill("Alex Rivera");
  await page.getByLabel("Password").fill("correct horse battery staple");
  await next(page, "Create my account");
  const add = async (first: string, year: string, relationship: string) => {
    await page.goto(`${base}/profile/family/new`);
    await page.getByLabel("First name").fill(first);
    await page.getByLabel("Last name").fill("Rivera");
    await page.getByLabel("Month").fill("3");
    await page.getByLabel("Day", { exact: true }).fill("14");
    await page.getByLabel("Year").fill(year);
    await page.getByLabel(relationship).check();
  };
  await add("Sam", "2018", "My child");
  await shot("add-member");
  await page.getByLabel("First name").fill("");
  await page.getByLabel("Year").fill("2999");
  await next(page, "Add to my family");
  await shot("add-member-errors");
  await add("Sam", "2018", "My child");
  await next(page, "Add to my family");
  await add("Jordan", "1988", "My partner or spouse");
  await next(page, "Add to my family");
  await page.goto(`${base}/booking?market=boston&service=CLNCHK&studio=fenway`);
  await Promise.all([page.waitForLoadState("load"), page.getByRole("navigation", { name: "Days with free times" }).getByRole("link").last().click()]);
  await page.locator('input[name="slot"]').first().check();
  await next(page);
  await page.getByLabel("Sam Rivera").check();
  await shot("who");
  await next(page);
  await shot("contact-info-child");
  await page.getByLabel("Mobile number").fill("(617) 555-0100");
  await next(page);
  await page.getByLabel("Guardian").check();
  await next(page);
  await next(page);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry month").selectOption("12");
  await page.getByLabel("Expiry year").fill(String(new Date().getFullYear() + 4));
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByLabel("Name on card").fill("Alex Rivera");
  await next(page, "Save card and continue");
  await Promise.all([page.waitForLoadState("load"), page.getByRole("link", { name: "Book another family member at the same time" }).click()]);
  await page.getByLabel("Jordan Rivera").check();
  await page.getByRole("group", { name: "When" }).getByRole("radio").first().check();
  await shot("book-another");
  await next(page, "Add to my booking");
  await shot("confirmation-two");
  await next(page, "Book appointment");
  await shot("confirmed-two");
  await page.goto(`${base}/profile`);
  await shot("profile");
  await Promise.all([page.waitForLoadState("load"), page.locator("a[href^='/profile/family/']").first().click()]);
  await shot("member");
  await context.close();
}

async function main() {
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const server = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env: { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR, NODE_ENV: "production", SITE_ORIGIN: base, DEV_ROUTES: "true" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await waitForServer();
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    });
    if (process.env.SCREENSHOTS_ONLY === "family") return void (await familyScreens(browser), await browser.close());
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${base}/booking`);
    await shoot(page, "markets");
    // The cookie banner is shown once (above); dismissed, the later shots show the pages alone.
    await next(page, "Dismiss");
    await page.getByLabel("Boston").check();
    await next(page);
    await shoot(page, "services");
    await page.getByLabel("Checkup & cleaning").check();
    await next(page);
    await shoot(page, "studios");
    await page.getByLabel(/^Fenway/).check();
    await next(page);
    // A day a few days ahead, so the visit can still be moved online (more than 24 hours away).
    await Promise.all([page.waitForLoadState("load"), page.getByRole("navigation", { name: "Days with free times" }).getByRole("link").last().click()]);
    await shoot(page, "times");
    await page.locator('input[name="slot"]').first().check();
    await next(page);
    await shoot(page, "email");
    await page.getByLabel("Email address").fill("alex.rivera@example.com");
    await next(page);
    await next(page); // an empty details form: the errors
    await shoot(page, "contact-info-errors");
    await page.getByLabel("First name").fill("Alex");
    await page.getByLabel("Last name").fill("Rivera");
    await page.getByLabel("Mobile number").fill("(617) 555-0100");
    await page.getByLabel("Month").fill("5");
    await page.getByLabel("Day", { exact: true }).fill("1");
    await page.getByLabel("Year").fill("1990");
    await page.getByLabel("Mint").check();
    await page.getByLabel("Comedy").check();
    await shoot(page, "contact-info");
    await next(page);
    await shoot(page, "insurance");
    await page.getByLabel("Guardian").check();
    await next(page);
    await shoot(page, "insurance-status");
    await next(page);
    await shoot(page, "payment-info");
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry month").selectOption("12");
    await page.getByLabel("Expiry year").fill(String(new Date().getFullYear() + 4));
    await page.getByLabel("Security code (CVC)").fill("123");
    await page.getByLabel("Name on card").fill("Alex Rivera");
    await next(page, "Save card and continue");
    await shoot(page, "confirmation");
    await next(page, "Book appointment");
    await shoot(page, "confirmed");
    const confirmed = page.url();
    // Managing the visit from the guest's link: the new-time picker and the cancel confirmation.
    await page.goto(`${confirmed.split("?")[0]}/reschedule`);
    await shoot(page, "reschedule");
    await page.goto(`${confirmed.split("?")[0]}/cancel`);
    await shoot(page, "cancel");
    // The emergency branch's advice page (a notice, not an error).
    await page.goto(`${base}/booking/markets`);
    await page.getByLabel("New York City").check();
    await next(page);
    await page.getByLabel(/in pain/).check();
    await next(page);
    await shoot(page, "emergency");
    await returningPatient(page, confirmed);
    // The patient area, logged in, with the two visits booked above.
    await page.goto(`${base}/profile`);
    await shoot(page, "profile");
    await Promise.all([page.waitForLoadState("load"), page.locator("a[href^='/profile/appointments/']").first().click()]);
    await shoot(page, "profile-visit");
    for (const path of ["health", "breezy-braces"]) {
      await page.goto(`${base}/profile/${path}`);
      await shoot(page, `profile-${path}`);
    }
    // The public site.
    for (const path of ["/", "/studios", "/about", "/invite-a-friend"]) {
      await page.goto(`${base}${path}`);
      await shoot(page, path === "/" ? "home" : path.slice(1));
    }
    await familyScreens(browser);
    await browser.close();
    console.log(`${n * WIDTHS.length} screenshots in ${OUT}/`);
  } finally {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill();
    await exited;
    rmSync(DATA_DIR, { recursive: true, force: true });
  }
}

await main();
