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

/**
 * The page at each width (a phone 780 px high, a desktop 900), as `<OUT>/<file>-<width>.png`, then back at the
 * desktop size; with `part`, only that element.
 */
async function shootAt(page: Page, file: string, part?: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 600 ? 780 : 900 });
    const path = `${OUT}/${file}-${width}.png`;
    if (part) await page.locator(part).screenshot({ path });
    else await page.screenshot({ path, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A booking page, numbered in the order taken: `<n>-<name>-<width>.png`. */
let n = 0;
const shoot = (page: Page, name: string) => shootAt(page, `${String(++n).padStart(2, "0")}-${name}`);

async function next(page: Page, name = "Continue") {
  await Promise.all([page.waitForLoadState("load"), page.getByRole("button", { name, exact: true }).click()]);
  await page.waitForLoadState("load");
}

/** The card step: the test card, in the patient's name, saved. */
async function saveCard(page: Page, name = "Alex Rivera") {
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry month").selectOption("12");
  await page.getByLabel("Expiry year").fill(String(new Date().getFullYear() + 4));
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByLabel("Name on card").fill(name);
  await next(page, "Save card and continue");
}

/**
 * After "Send me a code": the code read from the dev outbox (the newest code email, to `email` when given), then
 * Alex Rivera's name and password.
 */
async function completeSignUp(page: Page, email?: string) {
  await page.goto(`${base}/dev/outbox`);
  const codes = page.locator("#outbox tr").filter({ hasText: "Your Studio Dental code:" });
  const subject = await (email ? codes.filter({ hasText: email }) : codes).first().textContent();
  await page.goBack();
  await page.getByLabel("Code from the email").fill(subject!.match(/code: (\d{6})/)![1]);
  await next(page);
  await page.getByLabel("Your name").fill("Alex Rivera");
  await page.getByLabel("Password").fill("correct horse battery staple");
  await next(page, "Create my account");
}

/** Issue 10 D: the guest signs up from the confirmed page's offer, then books again logged in (no email step). */
async function returningPatient(page: Page, confirmed: string) {
  await page.goto(confirmed);
  await next(page, "Create an account");
  await completeSignUp(page);
  await page.goto(`${base}/booking?market=boston&service=CLNCHK&studio=fenway`);
  await page.locator('input[name="slot"]').last().check();
  await next(page);
  await shoot(page, "contact-info-logged-in");
  await next(page);
  await page.getByLabel("Guardian").check();
  await next(page);
  await next(page);
  await saveCard(page);
  await shoot(page, "confirmation-logged-in");
}

/**
 * Issue 21: the booking in Spanish (a browser asking for es-US), `<n>-<page>-es-<width>.png`: long Spanish labels in
 * the time picker and the buttons must fit at 360 px. Alone: `SCREENSHOTS_ONLY=booking-es npm run screenshots`.
 */
async function bookingSpanishScreens(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 }, locale: "es-US" });
  const page = await context.newPage();
  const submit = async () => {
    await Promise.all([page.waitForLoadState("load"), page.locator("form.form button[type=submit]").last().click()]);
    await page.waitForLoadState("load");
  };
  await page.goto(`${base}/booking`);
  await shoot(page, "markets-es");
  // The cookie banner is shown once (above); dismissed, it no longer covers the later pages' middle.
  await context.addCookies([{ name: "cookieBannerDismissed", value: "true", url: base }]);
  await page.getByLabel("Boston").check();
  await submit();
  await shoot(page, "services-es");
  await page.getByLabel("Chequeo y limpieza").check();
  await submit();
  await page.getByLabel(/^Fenway/).check();
  await submit();
  await Promise.all([page.waitForLoadState("load"), page.getByRole("navigation", { name: "Días con horas libres" }).getByRole("link").last().click()]);
  await shoot(page, "times-es");
  await page.locator('input[name="slot"]').first().check();
  await submit();
  await page.getByLabel("Correo electrónico").fill("lucia.gomez@example.com");
  await submit();
  await page.getByLabel("Nombre", { exact: true }).fill("Lucía");
  await page.getByLabel("Apellido").fill("Gómez");
  await page.getByLabel("Número de celular").fill("(617) 555-0100");
  await page.locator('input[name="dateOfBirthMonth"]').fill("5");
  await page.locator('input[name="dateOfBirthDay"]').fill("1");
  await page.locator('input[name="dateOfBirthYear"]').fill("1990");
  await page.getByLabel("Menta", { exact: true }).check();
  await page.getByLabel("Comedia").check();
  await shoot(page, "contact-info-es");
  await submit();
  await page.getByLabel("Guardian").check();
  await submit();
  await submit();
  await shoot(page, "payment-info-es");
  await page.getByLabel("Número de tarjeta").fill("4242 4242 4242 4242");
  await page.getByLabel("Mes de vencimiento").selectOption("12");
  await page.getByLabel("Año de vencimiento").fill(String(new Date().getFullYear() + 4));
  await page.getByLabel("Código de seguridad (CVC)").fill("123");
  await page.getByLabel("Nombre en la tarjeta").fill("Lucía Gómez");
  await submit();
  await shoot(page, "confirmation-es");
  await context.close();
}

/**
 * The studio console (issue 18, decision 026) → docs/screenshots/console-<page>-<width>.png: an admin made with
 * `npm run staff` before the server starts (the embedded database has one opener), set up from the page's secret.
 */
const CONSOLE_ADMIN = "admin@console.example.com";
function consoleAccount(): string {
  const out = execFileSync(process.execPath, ["--import", "tsx", "scripts/staff.ts", "add", "--email", CONSOLE_ADMIN, "--role", "admin"], {
    env: { ...process.env, DATA_DIR, SITE_ORIGIN: base },
    encoding: "utf8",
  });
  return new URL(out.trim().split("\n").at(-1)!).pathname;
}
async function consoleScreens(page: Page, setupPath: string) {
  const { totpCode } = await import("../app/console/totp");
  const shot = (name: string) => shootAt(page, `console-${name}`);
  const go = async (name: string | RegExp) => {
    await Promise.all([page.waitForLoadState("load"), page.getByRole("link", { name }).first().click()]);
  };
  const password = "a long staff passphrase 42";
  await page.goto(`${base}${setupPath}`);
  await shot("setup");
  const secret = (await page.locator("#totp-secret").innerText()).trim();
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("The password again").fill(password);
  await page.getByLabel("The 6-digit code the app shows now").fill(totpCode(secret, new Date()));
  await next(page, "Finish setup");
  await shot("setup-done");
  await go("Sign in");
  await shot("sign-in");
  await page.getByLabel("Work email").fill(CONSOLE_ADMIN);
  await page.getByLabel("Password").fill(password);
  await next(page);
  await shot("code");
  await page.getByLabel("Code").fill(totpCode(secret, new Date(Date.now() + 30_000)));
  await next(page, "Sign in");
  await go("Find a patient");
  await page.getByLabel("Name, email or phone").fill("Rivera");
  await next(page, "Search");
  await shot("search");
  await Promise.all([page.waitForLoadState("load"), page.locator("a[href^='/staff/visits/']").first().click()]);
  await shot("visit");
  const visit = page.url();
  await go("Intake answers and insurance card");
  await shot("intake");
  await page.goto(`${visit}/move`);
  await shot("move");
  await page.goto(visit);
  await go(/the day$/);
  await shot("day");
  await page.emulateMedia({ media: "print" });
  await shot("day-print");
  await page.emulateMedia({ media: "screen" });
  await go("Team");
  await page.getByLabel("Work email").fill("front.desk@example.com");
  await page.getByLabel("Front desk").check();
  await page.getByLabel("Fenway").check();
  await next(page, "Send the invitation");
  await shot("team");
  await go("front.desk@example.com");
  await shot("team-member");
  await go("Audit log");
  await shot("audit");
  await go("Your account");
  await shot("account");
}

/**
 * Issue 19 A (decision 021), docs/screenshots/hold-*: a braces consult at Fenway (one orthodontist, so one hold takes
 * the time). One patient holds a time; another, choosing it from the page read before, is told on the times page;
 * the holder's review page says until when it is held; a third browser past its hold limits gets the times page's 429
 * message (decision 055: one booking changing its time past SLOT_HOLDS_PER_BOOKING).
 */
async function holdScreens(browser: Browser) {
  const shot = (page: Page, name: string) => shootAt(page, `hold-${name}`);
  const patient = async (ip: string) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 }, extraHTTPHeaders: { "X-Forwarded-For": ip } });
    await context.addCookies([{ name: "cookieBannerDismissed", value: "true", url: base }]);
    const page = await context.newPage();
    await page.goto(`${base}/booking?market=boston&service=BRACESCON&studio=fenway`);
    await next(page);
    await Promise.all([page.waitForLoadState("load"), page.getByRole("link", { name: "Later times →" }).first().click()]);
    return page;
  };
  const holder = await patient("198.51.100.21");
  const other = await patient("198.51.100.22");
  const chosen = (await holder.locator('input[name="slot"]').nth(2).getAttribute("value"))!;
  await holder.locator(`input[name="slot"][value="${chosen}"]`).check();
  await next(holder);
  await other.locator(`input[name="slot"][value="${chosen}"]`).check();
  await next(other);
  await shot(other, "times-taken");
  await holder.getByLabel("Email address").fill("sam.jones@example.com");
  await next(holder);
  await holder.getByLabel("First name").fill("Sam");
  await holder.getByLabel("Last name").fill("Jones");
  await holder.getByLabel("Mobile number").fill("(617) 555-0111");
  await holder.getByLabel("Month").fill("7");
  await holder.getByLabel("Day", { exact: true }).fill("9");
  await holder.getByLabel("Year").fill("1985");
  await next(holder);
  await shot(holder, "insurance-held");
  await holder.getByLabel("Guardian").check();
  await next(holder);
  await next(holder);
  await saveCard(holder, "Sam Jones");
  await shot(holder, "review-held");
  // A third browser choosing time after time until its limits (15 for one booking, decision 055), then once more.
  const busy = await patient("198.51.100.23");
  const values = await busy.locator('input[name="slot"]').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  for (let i = 0; i < 30; i++) await busy.request.post(`${base}/booking/times`, { form: { slot: values[3 + (i % 2)] }, headers: { Origin: base }, maxRedirects: 0 });
  await busy.goto(`${base}/booking/times?week=1`);
  await busy.locator('input[name="slot"]').nth(5).check();
  await next(busy);
  await shot(busy, "too-many");
  for (const page of [holder, other, busy]) await page.context().close();
}

/**
 * Issue 19 B, the waitlist: docs/screenshots/waitlist-<page>-<width>.png. Two patients join for Fenway's cleanings; the
 * guest's visit booked above (`confirmed`) is cancelled; the offer, the claimed-elsewhere page, the leave page, both
 * emails' HTML, and the logged-in patient's entries on /profile. Runs last: it cancels that visit.
 */
async function waitlistScreens(browser: Browser, confirmed: string) {
  const shot = (page: Page, name: string, part?: string) => shootAt(page, `waitlist-${name}`, part);
  const outboxText = async (page: Page, to: string, subject: string) => {
    const row = page.locator("#outbox tr").filter({ hasText: to }).filter({ hasText: subject }).first();
    // The sender runs every 15 s (and at once after a cancel in its process): wait for the email.
    for (let i = 0; i < 30; i++) {
      await page.goto(`${base}/dev/outbox`);
      if ((await row.count()) > 0) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    const href = await row.getByRole("link", { name: "Text" }).getAttribute("href");
    return { text: await (await page.request.get(`${base}${href}`)).text(), html: await (await page.request.get(`${base}${href!.replace("email.txt", "email.html")}`)).text() };
  };
  const emailShot = async (html: string, name: string) => {
    const mail = await browser.newPage({ javaScriptEnabled: false });
    await mail.setContent(html);
    await shot(mail, name);
    await mail.close();
  };
  const join = async (email: string | null, invite = false) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    if (email === null) {
      await page.goto(`${base}/login`);
      await page.getByLabel("Email address").fill("alex.rivera@example.com");
      await next(page);
      await page.getByLabel("Password").fill("correct horse battery staple");
      await next(page, "Log in");
    }
    await page.goto(`${base}/booking?market=boston&service=CLNCHK&studio=fenway`);
    await next(page, "Dismiss");
    if (invite) await shot(page, "times-invite", ".waitlist-invite");
    await Promise.all([page.waitForLoadState("load"), page.getByRole("link", { name: "Join the waitlist" }).click()]);
    await page.getByLabel("Until").fill((await page.getByLabel("Until").getAttribute("max"))!);
    if (email !== null) await page.getByLabel("Your email").fill(email);
    return page;
  };

  const first = await join("sam.lee@example.com", true);
  await shot(first, "join");
  await first.getByLabel("From").fill("2020-01-01");
  await first.getByLabel("Evening").uncheck();
  await first.getByLabel("Morning").uncheck();
  await first.getByLabel("Afternoon").uncheck();
  await first.getByLabel("Your email").fill("sam.lee@");
  await next(first, "Join the waitlist");
  await shot(first, "join-errors");
  await first.getByLabel("From").fill((await first.getByLabel("From").getAttribute("min"))!);
  await first.getByLabel("Morning").check();
  await first.getByLabel("Afternoon").check();
  await first.getByLabel("Your email").fill("sam.lee@example.com");
  await next(first, "Join the waitlist");
  await shot(first, "joined");
  const second = await join("jo.park@example.com");
  await next(second, "Join the waitlist");
  const account = await join(null);
  await shot(account, "join-logged-in");
  await next(account, "Join the waitlist");
  await account.goto(`${base}/profile`);
  await shot(account, "profile", "#waitlist");

  // The guest's visit is cancelled: the time is offered (the sender looks at once in this process).
  await first.goto(`${confirmed.split("?")[0]}/cancel`);
  await next(first, "Cancel my visit");
  const joined = await outboxText(first, "sam.lee@example.com", "on the waitlist");
  await emailShot(joined.html, "email-joined");
  const offer = await outboxText(first, "sam.lee@example.com", "a time for your");
  await emailShot(offer.html, "email-offer");
  const secondOffer = await outboxText(first, "jo.park@example.com", "a time for your");
  const claim = (text: string) => new URL(/Claim this time: (\S+)/.exec(text)![1]).pathname;
  await first.goto(`${base}${claim(offer.text)}`);
  await shot(first, "offer");
  await next(first, "Claim this time");
  await second.goto(`${base}${claim(secondOffer.text)}`);
  await shot(second, "taken");
  await second.goto(`${base}${new URL(/Leave the waitlist: (\S+)/.exec(secondOffer.text)![1]).pathname}`);
  await shot(second, "leave");
  await next(second, "Leave the waitlist");
  await shot(second, "left");
  for (const page of [first, second, account]) await page.context().close();
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
  const shot = (page: Page, name: string) => shootAt(page, `console-avail-${name}`);
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
    await saveCard(page, "Jamie Okafor");
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

/**
 * Issue 20 A, family members (docs/screenshots/family-<page>-<width>.png): a new account adds a child (the add
 * form, then its errors) and a partner, books the child's checkup ("who is this visit for?"), adds the partner at
 * the same time, and sees both visits confirmed and on the profile. Its own account and browser context.
 */
async function familyScreens(browser: Awaited<ReturnType<typeof chromium.launch>>) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const shot = (name: string) => shootAt(page, `family-${name}`);
  const email = `family-${Date.now()}@example.com`;
  await page.goto(`${base}/signup`);
  await next(page, "Dismiss");
  await page.getByLabel("Email address").fill(email);
  await next(page, "Send me a code");
  await completeSignUp(page, email);
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
  await saveCard(page);
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

/**
 * Issue 21, family and the waitlist in Spanish (docs/screenshots/family-<page>-es-<width>.png): the member form
 * and its errors, "who is this visit for?", the waitlist's join form. The sign-up and the booking steps are walked
 * in English (`?lang=en-US`); each of our pages is opened with `?lang=es-US`. `SCREENSHOTS_ONLY=family-es`.
 */
async function familyScreensEs(browser: Awaited<ReturnType<typeof chromium.launch>>) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 }, locale: "es-US" });
  const page = await context.newPage();
  const shot = (name: string) => shootAt(page, `family-${name}-es`);
  const email = `family-es-${Date.now()}@example.com`;
  await context.addCookies([{ name: "cookieBannerDismissed", value: "true", url: base }]);
  await page.goto(`${base}/signup?lang=en-US`);
  await page.getByLabel("Email address").fill(email);
  await next(page, "Send me a code");
  await completeSignUp(page, email);
  await page.goto(`${base}/profile/family/new?lang=es-US`);
  await page.getByLabel("Apellido").fill("Rivera");
  await shot("add-member");
  await page.locator('input[name="dateOfBirthYear"]').fill("2999");
  await next(page, "Agregar a mi familia");
  await shot("add-member-errors");
  await page.getByLabel("Nombre", { exact: true }).fill("Sam");
  await page.locator('input[name="dateOfBirthMonth"]').fill("3");
  await page.locator('input[name="dateOfBirthDay"]').fill("14");
  await page.locator('input[name="dateOfBirthYear"]').fill("2018");
  await page.getByLabel("Mi hijo o hija").check();
  await next(page, "Agregar a mi familia");
  await page.goto(`${base}/booking?market=boston&service=CLNCHK&studio=fenway&lang=en-US`);
  await page.goto(`${base}/booking/waitlist?lang=es-US`);
  await shot("waitlist-join");
  await page.goto(`${base}/booking/times?lang=en-US`);
  await Promise.all([page.waitForLoadState("load"), page.getByRole("navigation", { name: "Days with free times" }).getByRole("link").last().click()]);
  await page.locator('input[name="slot"]').first().check();
  await next(page);
  await page.goto(`${base}/booking/who?lang=es-US`);
  await page.getByLabel("Sam Rivera").check();
  await shot("who");
  await context.close();
}

/**
 * Issue 21, accounts in Spanish (a browser asking for es-US) → docs/screenshots/account-<page>-es-<width>.png: the
 * login page, the sign-up's first step and the profile of an account signed up in Spanish. At 360 px the long
 * Spanish labels must fit their buttons and cards. `SCREENSHOTS_ONLY=account-es`.
 */
async function accountSpanishScreens(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 }, locale: "es-US" });
  await context.addCookies([{ name: "cookieBannerDismissed", value: "true", url: base }]);
  const page = await context.newPage();
  const shot = (name: string) => shootAt(page, `account-${name}-es`);
  await page.goto(`${base}/login`);
  await shot("login");
  await page.goto(`${base}/signup`);
  await shot("signup");
  const email = "ana.ruiz@example.com"; // a plausible length: the header wraps the signed-in address beside the links
  await page.getByLabel("Correo electrónico").fill(email);
  await next(page, "Enviarme un código");
  await page.goto(`${base}/dev/outbox`);
  const subject = await page.locator("#outbox tr").filter({ hasText: email }).filter({ hasText: "Su código de Studio Dental:" }).first().textContent();
  await page.goBack();
  await page.getByLabel("Código del correo").fill(subject!.match(/Dental: (\d{6})/)![1]);
  await next(page, "Continuar");
  await page.getByLabel("Su nombre").fill("Ana Ruiz");
  await page.getByLabel("Contraseña", { exact: true }).fill("caballo correcto grapa de batería");
  await next(page, "Crear mi cuenta");
  await page.goto(`${base}/profile`);
  await shot("profile");
  await context.close();
}

/**
 * Issue 21: the visit's pages in Spanish (the `lang` cookie the language link leaves): the confirmed page, the
 * cancel page and the intake's first step, then back to English for the rest of the run.
 */
async function spanishVisitShots(page: Page, visit: string) {
  await page.goto(`${visit}?lang=es-US`);
  await shoot(page, "confirmed-es");
  await page.goto(`${visit}/cancel`);
  await shoot(page, "cancel-es");
  const intake = page.getByRole("link", { name: "Completar el formulario de salud" });
  await page.goto(visit);
  if (await intake.count()) {
    await Promise.all([page.waitForLoadState("load"), intake.click()]);
    await Promise.all([page.waitForLoadState("load"), page.getByRole("link", { name: /Comenzar|Continuar/ }).click()]);
    await shoot(page, "intake-provider-es");
  }
  await page.goto(`${visit}?lang=en-US`);
}

async function main() {
  if (process.env.SCREENSHOTS_ONLY === "console-avail") {
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
    await consoleAvailabilityShots(browser);
    return browser.close();
  }
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const consoleSetup = consoleAccount();
  const server = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    // TRUST_PROXY_HOPS: the hold block below poses as its own client addresses (X-Forwarded-For).
    env: { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR, NODE_ENV: "production", SITE_ORIGIN: base, DEV_ROUTES: "true", TRUST_PROXY_HOPS: "1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await waitForServer();
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    });
    if (process.env.SCREENSHOTS_ONLY === "family") return void (await familyScreens(browser), await browser.close());
    if (process.env.SCREENSHOTS_ONLY === "public-es") return void (await publicSpanishScreens(browser), await browser.close());
    if (process.env.SCREENSHOTS_ONLY === "family-es") return void (await familyScreensEs(browser), await browser.close());
    if (process.env.SCREENSHOTS_ONLY === "booking-es") return void (await bookingSpanishScreens(browser), await browser.close());
    if (process.env.SCREENSHOTS_ONLY === "account-es") return void (await accountSpanishScreens(browser), await browser.close());
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
    await saveCard(page);
    await shoot(page, "confirmation");
    await next(page, "Book appointment");
    await shoot(page, "confirmed");
    const confirmed = page.url();
    // Managing the visit from the guest's link: the new-time picker and the cancel confirmation.
    await page.goto(`${confirmed.split("?")[0]}/reschedule`);
    await shoot(page, "reschedule");
    await page.goto(`${confirmed.split("?")[0]}/cancel`);
    await shoot(page, "cancel");
    await spanishVisitShots(page, confirmed.split("?")[0]);
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
    await consoleScreens(page, consoleSetup);
    await holdScreens(browser);
    await waitlistScreens(browser, confirmed);
    await consoleAvailabilityShots(browser);
    await familyScreens(browser);
    await publicSpanishScreens(browser);
    await familyScreensEs(browser);
    await accountSpanishScreens(browser);
    await browser.close();
    console.log(`${n * WIDTHS.length} screenshots in ${OUT}/ (and the console's availability pages)`);
  } finally {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill();
    await exited;
    rmSync(DATA_DIR, { recursive: true, force: true });
  }
}

/**
 * The public site in Spanish (issue 21), a browser asking for es-US: the home page, the studios directory and a
 * content page with a picture → docs/screenshots/public-<page>-es-<width>.png. `SCREENSHOTS_ONLY=public-es`.
 */
async function publicSpanishScreens(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 }, locale: "es-US" });
  await context.addCookies([{ name: "cookieBannerDismissed", value: "true", url: base }]);
  const page = await context.newPage();
  for (const path of ["/", "/studios", "/orthodontics"]) {
    await page.goto(`${base}${path}`);
    await shootAt(page, `public-${path === "/" ? "home" : path.slice(1)}-es`);
  }
  await context.close();
}

/**
 * Recall (issue 20 B): the profile with its next checkup line, the recall email's HTML, the unsubscribe page and
 * its done page → docs/screenshots/recall-<page>-<width>.png. Its own database, filled by the e2e fixture
 * (tests/fixtures/recall-e2e.ts) before its own server starts. `SCREENSHOTS_ONLY=recall` takes only these.
 */
async function recallScreens() {
  const { spawnSync } = await import("node:child_process");
  const { readFileSync } = await import("node:fs");
  const dataDir = `${DATA_DIR}-recall`;
  const file = `${dataDir}.json`;
  rmSync(dataDir, { recursive: true, force: true });
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: dataDir, NODE_ENV: "production", SITE_ORIGIN: base, DEV_ROUTES: "true" };
  const fixture = spawnSync(process.execPath, ["--import", "tsx", "tests/fixtures/recall-e2e.ts"], { env: { ...env, RECALL_E2E_FILE: file }, stdio: "inherit" });
  if (fixture.status !== 0) throw new Error("recall fixture failed");
  const mine = (JSON.parse(readFileSync(file, "utf8")) as Record<string, { email: string; outboxId: number; unsubscribePath: string }>)["js-off"];
  const server = spawn(process.execPath, ["--import", "tsx", "server.ts"], { env, stdio: "inherit" });
  const shot = (page: Page, name: string) => shootAt(page, `recall-${name}`);
  try {
    await waitForServer();
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
    const page = await (await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`${base}/login`);
    await next(page, "Dismiss");
    await page.getByLabel("Email address").fill(mine.email);
    await next(page);
    await page.getByLabel("Password").fill("correct horse battery staple");
    await next(page, "Log in");
    await page.goto(`${base}/profile`);
    await shot(page, "profile");
    // The dev outbox serves it as a download: drawn from its text instead, on a blank page (no site CSP).
    await page.goto("about:blank");
    await page.setContent(await (await fetch(`${base}/dev/outbox/${mine.outboxId}/email.html`)).text());
    await shot(page, "email");
    await page.goto(`${base}${mine.unsubscribePath}`);
    await shot(page, "unsubscribe");
    await next(page, "Stop checkup reminders");
    await shot(page, "unsubscribe-done");
    await browser.close();
  } finally {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill();
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(file, { force: true });
  }
}

/**
 * The shell in Spanish (issue 21): the home page (its chrome: the body is content) and the not-found page, asked
 * for by the browser's Accept-Language → docs/screenshots/shell-<page>-es-<width>.png. Its own empty database and
 * server. `SCREENSHOTS_ONLY=shell-es` takes only these.
 */
async function shellSpanishScreens() {
  const dataDir = `${DATA_DIR}-shell-es`;
  rmSync(dataDir, { recursive: true, force: true });
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: dataDir, NODE_ENV: "production", SITE_ORIGIN: base };
  const server = spawn(process.execPath, ["--import", "tsx", "server.ts"], { env, stdio: "inherit" });
  try {
    await waitForServer();
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
    const page = await (await browser.newContext({ javaScriptEnabled: false, locale: "es-US", viewport: { width: 1280, height: 900 } })).newPage();
    for (const [name, path] of [
      ["home", "/"],
      ["404", "/no-such-page"],
    ]) {
      await page.goto(`${base}${path}`);
      await shootAt(page, `shell-${name}-es`);
      // The menu open on a phone: the longest Spanish labels of the header.
      if (name === "home") {
        await page.setViewportSize({ width: 360, height: 780 });
        await page.locator("summary", { hasText: "Menú" }).click();
        await page.screenshot({ path: `${OUT}/shell-menu-es-360.png` });
        await page.setViewportSize({ width: 1280, height: 900 });
      }
    }
    await browser.close();
  } finally {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill();
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.env.SCREENSHOTS_ONLY === "shell-es") await shellSpanishScreens();
else {
  if (process.env.SCREENSHOTS_ONLY !== "recall") await main();
  // Recall runs in the full run or alone, not after another set taken alone.
  if (!process.env.SCREENSHOTS_ONLY || process.env.SCREENSHOTS_ONLY === "recall") await recallScreens();
}
