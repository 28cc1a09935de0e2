/**
 * Issue 8's design checks, JavaScript off: at 320 px, 360 px, 640 px (1280 px at 200 % zoom) and 1280 px no
 * booking page scrolls sideways, no slot time is cut off, the cookie banner never covers Continue; the
 * desktop header shows the navigation; studios, the review and the confirmed page give an address and a
 * tel: link; every service choice a price or coverage line. axe (colour contrast on) at 320 px.
 */
import { expect, type Page } from "@playwright/test";
import { test } from "./support";
import { next } from "./booking-journey";
import { expectNoAxeViolations } from "./support";

async function expectNoSidewaysScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll, `${page.url()} scrolls sideways at ${page.viewportSize()?.width}px`).toBeLessThanOrEqual(client);
}

/** Every slot's time fits its card (its scroll width fits its box) and every card fits the grid. */
async function expectSlotsUncut(page: Page) {
  const cut = await page.locator(".slots .choice").evaluateAll((cards) =>
    cards.flatMap((card) => {
      const title = card.querySelector<HTMLElement>(".choice-title")!;
      const box = card.getBoundingClientRect();
      const titleBox = title.getBoundingClientRect();
      const bad = title.scrollWidth > title.clientWidth || titleBox.right > box.right - 2 || card.scrollWidth > card.clientWidth;
      return bad ? [title.textContent] : [];
    }),
  );
  expect(await page.locator(".slots .choice").count()).toBeGreaterThan(0);
  expect(cut, `slot times cut off at ${page.viewportSize()?.width}px`).toEqual([]);
}

/**
 * From the end of the page the submit button can be pressed: the fixed cookie banner never sits over it. Where the
 * button is the page's last content the body's room for the banner keeps it clear; where more follows (the times
 * page's waitlist invitation) the button is scrolled back into view. A trial click scrolls to the button as a
 * person would and fails when another element (the banner) would take the click.
 */
async function expectBannerLeavesButton(page: Page, name: string) {
  const button = page.getByRole("button", { name, exact: true });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const uncovered = await button
    .click({ trial: true, timeout: 5_000 })
    .then(() => button.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return hit === el || el.contains(hit);
    }))
    .catch(() => false);
  expect(uncovered, `the cookie banner covers "${name}" on ${page.url()}`).toBe(true);
}

async function checkPage(page: Page, { axe, submit = "Continue" }: { axe: boolean; submit?: string | null }) {
  await expectNoSidewaysScroll(page);
  if (submit) await expectBannerLeavesButton(page, submit);
  if (axe) await expectNoAxeViolations(page);
}

for (const width of [320, 360, 640, 1280]) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: 800 } });

    // The layout is the same with JavaScript: checked with it off only (playwright.config.ts).
    test("the booking journey fits the screen, shows prices, addresses and phones", { tag: "@js-off-only" }, async ({ page }) => {
      const axe = width === 320;
      await page.goto("/booking");
      await checkPage(page, { axe });
      if (width >= 900) {
        const nav = page.getByRole("navigation", { name: "Main" });
        await expect(nav.getByRole("link", { name: "About us" })).toBeVisible();
        await expect(page.locator("summary", { hasText: "Menu" })).toBeHidden();
      } else {
        await expect(page.locator("summary", { hasText: "Menu" })).toBeVisible();
      }
      await page.getByLabel("Boston").check();
      await next(page);

      await expect(page).toHaveURL(/\/booking\/services/);
      await expect(page.getByText("Step 2 of 10")).toBeVisible();
      await checkPage(page, { axe });
      const cards = page.locator(".choice");
      const count = await cards.count();
      expect(count).toBeGreaterThan(3);
      for (let i = 0; i < count; i++) {
        await expect(cards.nth(i).locator(".choice-price")).toHaveText(/\$\d|Free consult|covered by insurance/);
      }
      await page.getByLabel("Checkup & cleaning").check();
      await next(page);

      await expect(page).toHaveURL(/\/booking\/studios/);
      await checkPage(page, { axe });
      const studios = page.locator(".studio-choice");
      expect(await studios.count()).toBe(4);
      for (let i = 0; i < 4; i++) {
        await expect(studios.nth(i).locator(".choice-detail")).toHaveText(/\d+ .+, (Boston|Cambridge), MA \d{5}/);
        await expect(studios.nth(i).locator('a[href^="tel:+1"]')).toHaveCount(1);
      }
      await page.getByLabel(/^Fenway/).check();
      await next(page);

      await expect(page).toHaveURL(/\/booking\/times/);
      await expect(page.getByText("Step 4 of 10")).toBeVisible();
      await expect(page.locator(".visit-summary")).toContainText("Fenway");
      await checkPage(page, { axe });
      await expectSlotsUncut(page);
      // The next day's first time: today's first sits at the booking notice's edge (booking-journey.ts).
      await page.getByRole("navigation", { name: "Days with free times" }).getByRole("link").nth(1).click();
      await expect(page).toHaveURL(/[?&]day=/);
      await page.locator('input[name="slot"]').first().check();
      await next(page);

      await checkPage(page, { axe });
      await page.getByLabel("Email address").fill(`design-${width}-${Date.now()}@example.com`);
      await next(page);

      await checkPage(page, { axe });
      await page.getByLabel("First name").fill("Alex");
      await page.getByLabel("Last name").fill("Rivera");
      await page.getByLabel("Mobile number").fill("(617) 555-0100");
      await page.getByLabel("Month", { exact: true }).fill("5");
      await page.getByLabel("Day", { exact: true }).fill("1");
      await page.getByLabel("Year").fill("1990");
      await page.getByLabel("Mint").check();
      await page.getByLabel("Comedy").check();
      await next(page);

      await checkPage(page, { axe });
      await page.getByLabel("I’ll pay myself").check();
      await next(page);

      await expect(page).toHaveURL(/\/booking\/payment-info/);
      await checkPage(page, { axe, submit: "Save card and continue" });
      await page.getByLabel("Card number").fill("4242 4242 4242 4242");
      await page.getByLabel("Expiry month").selectOption("12");
      await page.getByLabel("Expiry year").fill(String(new Date().getFullYear() + 4));
      await page.getByLabel("Security code (CVC)").fill("123");
      await page.getByLabel("Name on card").fill("Alex Rivera");
      await next(page, "Save card and continue");

      await expect(page).toHaveURL(/\/booking\/confirmation/);
      await checkPage(page, { axe, submit: "Book appointment" });
      await expect(page.locator(".summary-list")).toContainText("1330 Boylston St, Boston, MA 02215");
      await expect(page.locator('.summary-list a[href="tel:+16175550171"]')).toHaveCount(1);
      await next(page, "Book appointment");

      await expect(page).toHaveURL(/\/booking\/confirmed\//);
      await checkPage(page, { axe, submit: null });
      await expect(page.locator("main")).toContainText("1330 Boylston St, Boston, MA 02215");
      // The visit's facts carry the studio's phone once (a visit inside 24 hours also offers it to call about a move).
      await expect(page.locator('main .summary-list a[href="tel:+16175550171"]')).toHaveCount(1);
      await expect(page.getByRole("link", { name: /Get directions/ })).toHaveAttribute("href", /google\.com\/maps/);
      const token = new URL(page.url()).pathname.split("/").pop()!;
      const ics = await (await page.request.get(`/booking/confirmed/${token}/calendar.ics`)).text();
      expect(ics.replace(/\r\n /g, "")).toContain("LOCATION:Fenway\\, 1330 Boylston St\\, Boston\\, MA 02215");
      expect(ics).toContain("GEO:42.345000;-71.098000");
    });
  });
}

// Needs JavaScript: the js-on project only (playwright.config.ts).
test("with JavaScript on, focus moves to the new page's heading after a navigation", { tag: "@js-on-only" }, async ({ page }) => {
  await page.goto("/booking/markets");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel("Boston").check();
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page).toHaveURL(/\/booking\/services/);
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  // A rejected post focuses the error summary instead.
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page.locator(".error-summary")).toBeFocused();
});
