/**
 * Screenshots at 360 px and 1280 px with JavaScript off, for judging the design: each booking step, managing
 * the visit, the patient area and the public pages:
 *   npm run build && npm run screenshots            → docs/screenshots/*.png
 * Starts its own server on an empty database (SCREENSHOT_PORT, default 3399) and books one cleaning in Boston.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { chromium, type Browser, type Page } from "@playwright/test";
import { totpCode } from "../app/console/totp";

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
 * Issue 18 C (decision 023): the console's availability pages, as an admin sees them (docs/screenshots/console-avail-*).
 * Self-contained: its own data dir, an admin made by `npm run staff` before its own server starts (one opener per
 * data dir), on SCREENSHOT_PORT + 1; a cleaning booked at South Boston so the closure and time off have a visit to
 * move. Alone: `SCREENSHOTS_ONLY=console-avail npm run screenshots`.
 */
async function consoleAvailabilityShots(browser: Browser) {
  const port = process.env.SCREENSHOTS_ONLY ? PORT : PORT + 1; // alone, on SCREENSHOT_PORT itself
  const origin = `http://localhost:${port}`;
  const dataDir = `/tmp/dental-screenshots-avail-${process.pid}`;
  rmSync(dataDir, { recursive: true, force: true });
  const env = { ...process.env, DATA_DIR: dataDir, NODE_ENV: "production" as const, SITE_ORIGIN: origin, DEV_ROUTES: "true" };
  const printed = execFileSync(process.execPath, ["--import", "tsx", "scripts/staff.ts", "add", "--email", "admin@studio.example.com", "--role", "admin"], { env, encoding: "utf8" });
  const setup = new URL(printed.trim().split("\n").at(-1)!).pathname;
  const server = spawn(process.execPath, ["--import", "tsx", "server.ts"], { env: { ...env, PORT: String(port), HOST: "127.0.0.1" }, stdio: ["ignore", "ignore", "inherit"] });
  const shot = async (page: Page, name: string) => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width < 600 ? 780 : 900 });
      await page.screenshot({ path: `${OUT}/console-avail-${name}-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  };
  try {
    for (let i = 0; i < 240 && !(await fetch(`${origin}/healthz`).then((r) => r.ok, () => false)); i++) await new Promise((r) => setTimeout(r, 500));
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // A patient's cleaning at South Boston, a week ahead.
    await page.goto(`${origin}/booking?market=boston&service=CLNCHK&studio=south-boston`);
    await next(page, "Dismiss");
    await Promise.all([page.waitForLoadState("load"), page.getByRole("link", { name: "Later times →" }).first().click()]);
    await page.locator('input[name="slot"]').first().check();
    await next(page);
    await page.getByLabel("Email address").fill("jamie.okafor@example.com");
    await next(page);
    await page.getByLabel("First name").fill("Jamie");
    await page.getByLabel("Last name").fill("Okafor");
    await page.getByLabel("Mobile number").fill("(617) 555-0104");
    await page.getByLabel("Month").fill("3");
    await page.getByLabel("Day", { exact: true }).fill("14");
    await page.getByLabel("Year").fill("1988");
    await page.getByLabel("Mint").check();
    await page.getByLabel("Comedy").check();
    await next(page);
    await page.getByLabel("Guardian").check();
    await next(page);
    await next(page);
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry month").selectOption("12");
    await page.getByLabel("Expiry year").fill(String(new Date().getFullYear() + 4));
    await page.getByLabel("Security code (CVC)").fill("123");
    await page.getByLabel("Name on card").fill("Jamie Okafor");
    await next(page, "Save card and continue");
    await next(page, "Book appointment");
    // The admin sets up and signs in.
    await page.goto(`${origin}${setup}`);
    const secret = (await page.locator("#totp-secret").innerText()).trim();
    await page.getByLabel("Password", { exact: true }).fill("a long staff passphrase 42");
    await page.getByLabel("The password again").fill("a long staff passphrase 42");
    await page.getByLabel("The 6-digit code the app shows now").fill(totpCode(secret, new Date()));
    await next(page, "Finish setup");
    await page.goto(`${origin}/staff/login`);
    await page.getByLabel("Work email").fill("admin@studio.example.com");
    await page.getByLabel("Password").fill("a long staff passphrase 42");
    await next(page);
    await page.getByLabel("Code").fill(totpCode(secret, new Date(Date.now() + 30_000)));
    await next(page, "Sign in");
    // The visit's day, from the patient search.
    await page.goto(`${origin}/staff/search`);
    await page.getByLabel("Name, email or phone").fill("Okafor");
    await next(page, "Search");
    await Promise.all([page.waitForLoadState("load"), page.getByRole("row").filter({ hasText: "Okafor" }).getByRole("link").click()]);
    const day = /\/day\/(\d{4}-\d{2}-\d{2})/.exec((await page.getByRole("link", { name: /the day/ }).getAttribute("href"))!)![1]!;
    const studio = `${origin}/staff/studios/south-boston`;
    await page.goto(`${studio}/hours`);
    await shot(page, "hours");
    await Promise.all([page.waitForLoadState("load"), page.getByRole("link", { name: /Change Priya Nair/ }).click()]);
    await page.getByLabel("Wednesday").fill("8:00 AM–12:00 PM, 11:00 AM–5:00 PM");
    await next(page, "Save the hours");
    await shot(page, "hours-edit-error");
    await page.goto(`${studio}/time-off`);
    await page.getByLabel("Provider").selectOption({ label: "Priya Nair, RDH (hygienist)" });
    await page.getByLabel("First day").fill(day);
    await page.getByLabel("Last day (optional)").fill(day);
    await page.getByLabel("Reason (optional, staff only)").fill("Conference");
    await next(page, "Add the time off");
    await shot(page, "time-off-added");
    await page.goto(`${studio}/closures`);
    await page.getByLabel("Day", { exact: true }).fill(day);
    await page.getByLabel("Reason (staff only)").fill("Snow day");
    await next(page, "Close the studio that day");
    await shot(page, "closures-added");
    await page.goto(`${studio}/day/${day}`);
    await shot(page, "day-to-move");
    await page.goto(`${origin}/staff/services`);
    await shot(page, "services");
    await page.goto(`${origin}/staff/services/WHTNG`);
    await page.getByLabel("Length (minutes)").fill("3");
    await page.getByLabel("Self-pay price (US dollars)").fill("-20");
    await next(page, "Save the service");
    await shot(page, "service-edit-error");
    await context.close();
  } finally {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill();
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  if (process.env.SCREENSHOTS_ONLY === "console-avail") {
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
    await consoleAvailabilityShots(browser);
    return browser.close();
  }
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
    await consoleAvailabilityShots(browser);
    await browser.close();
    console.log(`${n * WIDTHS.length} screenshots in ${OUT}/ (and the console's availability pages)`);
  } finally {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill();
    await exited;
    rmSync(DATA_DIR, { recursive: true, force: true });
  }
}

await main();
