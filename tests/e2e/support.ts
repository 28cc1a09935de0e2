import { createHash } from "node:crypto";
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import {
  expect,
  test as base,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  type Response,
  type TestInfo,
} from "@playwright/test";
import { totpCode } from "../../app/console/totp";
import { captureHtml } from "../standards/captured";

/**
 * Every spec's `test`: like Playwright's, and every HTML document its browser context receives (each page
 * visited, each form post's answer — 400 re-renders and error pages included) is kept for the Nu Html Checker,
 * which checks them all at once after the run (the `standards` teardown project, tests/e2e/standards.teardown.ts).
 */
export const test = base.extend<{ context: BrowserContext; newContext: (options?: BrowserContextOptions) => Promise<BrowserContext> }>({
  context: async ({ context }, use, testInfo) => {
    await followMovedClock(context);
    const pending = captureDocuments(context, testFrom(testInfo));
    await use(context);
    await Promise.all(pending);
  },
  /**
   * A second browser (its own cookie jar) for a spec: the project's JavaScript setting and baseURL unless given,
   * its documents kept like the default context's. Closed at teardown; closing it earlier waits for its captures.
   */
  newContext: async ({ browser }, use, testInfo) => {
    const opened: BrowserContext[] = [];
    await use(async (options = {}) => {
      const { baseURL, javaScriptEnabled } = testInfo.project.use;
      const context = await browser.newContext({ baseURL, javaScriptEnabled, ...options });
      await followMovedClock(context);
      const pending = captureDocuments(context, `${testFrom(testInfo)} (own context)`);
      // A body still being read when its context closes is lost: let the pending reads finish first.
      const close = context.close.bind(context);
      context.close = async (closeOptions) => {
        await Promise.all(pending);
        await close(closeOptions);
      };
      opened.push(context);
      return context;
    });
    await Promise.all(opened.map((context) => context.close()));
  },
});

/**
 * Under a moved clock (scripts/test-at-clock.sh) the pages' `Date` reads the test process's (moved) time, timers running
 * as usual. Chromium itself runs on the real clock: under libfaketime it spins (load 40 on 2 cores, seen 2026-12-02).
 */
async function followMovedClock(context: BrowserContext) {
  if (process.env.FAKETIME) await context.clock.install({ time: Date.now() });
}

const testFrom = (testInfo: TestInfo) => `${testInfo.titlePath.slice(1).join(" › ")} [${testInfo.project.name}]`;

const captured = new WeakSet<BrowserContext>();
function captureDocuments(context: BrowserContext, from: string): Promise<void>[] {
  const pending: Promise<void>[] = [];
  captured.add(context);
  context.on("response", (response) => {
    if (response.request().resourceType() !== "document" || !/^text\/html/.test(response.headers()["content-type"] ?? "")) return;
    if (response.status() >= 300 && response.status() < 400) return;
    pending.push(keep(response, from));
  });
  return pending;
}
async function keep(response: Response, from: string) {
  try {
    captureHtml(await response.body().then((b) => b.toString("utf8")), { kind: "page", url: response.url(), status: response.status(), from });
  } catch {
    // A document replaced before it arrived (a quick second navigation) has no body to read: nothing was shown.
  }
}

/**
 * WCAG 2 A and AA checks on the page as it is now; fails listing each rule and the elements it hit.
 * axe needs JavaScript (its run never finishes in a page with JavaScript disabled), so in the js-off project
 * the page's current DOM, minus scripts, is scanned in a JS-enabled page at the same URL and viewport,
 * loading the same stylesheets and pictures from the server (colour contrast is checked against the real CSS).
 */
export async function expectNoAxeViolations(page: Page, { disableRules = [] as string[] } = {}) {
  const jsOff = test.info().project.use.javaScriptEnabled === false;
  // The URL changes when the next document commits, before it has all arrived: scan the whole page, not a prefix.
  await page.waitForLoadState("load");
  // Its documents would reach no validator: a spec's second browser comes from the `newContext` fixture.
  expect(captured.has(page.context()), "a page of a context opened with browser.newContext(): use the newContext fixture").toBe(true);
  const structure = await structureKey(page, disableRules);
  if (structure && scannedClean().has(structure)) {
    if (AXE_LOG) appendFileSync(AXE_LOG, `${test.info().project.name}\tseen\t${page.url()}\n`);
    return;
  }
  let target = page;
  if (jsOff) {
    const url = page.url().split("#")[0];
    const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
    target = await scanningPage(page);
    const viewport = page.viewportSize();
    if (viewport) await target.setViewportSize(viewport);
    scannedDocument = { url, html };
    await target.goto(url);
  }
  const started = Date.now();
  // Legacy mode: one run in the page itself. The default mode opens a blank page for every scan to merge the
  // frames' results, which costs more than the scan on a slow machine; our pages have no cross-origin frames.
  const results = await new AxeBuilder({ page: target }).withTags(["wcag2a", "wcag2aa"]).disableRules(disableRules).setLegacyMode(true).analyze();
  const violations = results.violations.map((v) => ({
    rule: v.id,
    help: v.help,
    nodes: v.nodes.map((n) => n.target.join(" ")),
  }));
  if (AXE_LOG) appendFileSync(AXE_LOG, `${test.info().project.name}\t${Date.now() - started}\t${page.url()}\n`);
  expect(violations, `axe violations on ${page.url()}`).toEqual([]);
  if (structure) keepClean(structure);
}

/**
 * A page's structure, for axe (decision 071, amended): every element with the attributes axe's WCAG rules read (ids,
 * classes, roles, labels' `for`, ARIA, types, `lang`, inline style…), each text and text-like attribute only as
 * "there is one" (names, times and tokens differ from visit to visit; whether a button has a name does not), a run
 * of identical siblings (a week of times, a table's rows) as one, the viewport's width and the rules left out. Two
 * pages with one key get one scan and one answer: a journey's fifth /booking/times is not scanned again, in either
 * project. E2E_AXE_EVERY=1 scans every page (null: no key).
 */
async function structureKey(page: Page, disableRules: string[]): Promise<string | null> {
  if (process.env.E2E_AXE_EVERY) return null;
  const shape = await page.evaluate(() => {
    const PRESENCE = new Set(["alt", "title", "aria-label", "placeholder", "value", "href", "src", "content", "datetime"]);
    // The stylesheet arrives inline on a context's first page and linked after (decision 048): the same rules either
    // way. React's focus target (tabindex=-1 on a heading, JS on) and the scripts are no part of what axe checks.
    const SKIP = new Set(["SCRIPT", "NOSCRIPT", "TEMPLATE", "LINK", "STYLE"]);
    const skipped = (el: Element) => SKIP.has(el.tagName) || (el.tagName === "META" && el.getAttribute("name") !== "viewport");
    const walk = (node: Element): string => {
      const attrs = [...node.attributes]
        .filter((a) => a.name !== "data-hydrated" && a.name !== "nonce" && !(a.name === "tabindex" && a.value === "-1"))
        .map((a) => (PRESENCE.has(a.name) ? `${a.name}${a.value.trim() ? "+" : "-"}` : `${a.name}=${a.value}`))
        .sort()
        .join(" ");
      const parts: string[] = [];
      for (const child of node.childNodes) {
        const part = child.nodeType === 1 ? (skipped(child as Element) ? "" : walk(child as Element)) : child.nodeType === 3 && child.textContent!.trim() ? "T" : "";
        if (part && part !== parts[parts.length - 1]) parts.push(part);
      }
      return `<${node.tagName} ${attrs}>${parts.join("")}</>`;
    };
    return walk(document.documentElement);
  });
  const key = createHash("sha256")
    .update(`${page.viewportSize()?.width ?? 0}|${disableRules.sort().join(",")}|${shape}`)
    .digest("hex");
  if (process.env.E2E_AXE_SHAPES) appendFileSync(process.env.E2E_AXE_SHAPES, `${key} ${test.info().project.name} ${page.url()}\n${shape}\n`);
  return key;
}

/** The structures scanned clean in this run (all workers, both projects): a file under the run's id. */
const CLEAN_FILE = `/tmp/dental-e2e-axe-clean-${process.env.E2E_RUN ?? process.pid}.txt`;
let clean: Set<string> | null = null;
function scannedClean(): Set<string> {
  clean ??= new Set(existsSync(CLEAN_FILE) ? readFileSync(CLEAN_FILE, "utf8").split("\n").filter(Boolean) : []);
  return clean;
}
function keepClean(key: string) {
  scannedClean().add(key);
  appendFileSync(CLEAN_FILE, `${key}\n`);
}

/** E2E_AXE_LOG=<file>: each axe run's project, milliseconds (the analysis, not the page's load) and URL (decision 071). */
const AXE_LOG = process.env.E2E_AXE_LOG;

/** The js-off scans' JS-enabled page: one per browser (a worker's tests share it), serving the scanned document. */
let scanner: { browser: Browser; page: Page } | null = null;
let scannedDocument = { url: "", html: "" };
async function scanningPage(page: Page): Promise<Page> {
  const browser = page.context().browser()!;
  if (scanner && scanner.browser === browser && !scanner.page.isClosed()) return scanner.page;
  const context = await browser.newContext({ javaScriptEnabled: true });
  const scanPage = await context.newPage();
  await scanPage.route(
    (u) => u.href === scannedDocument.url,
    (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: scannedDocument.html }),
  );
  scanner = { browser, page: scanPage };
  return scanPage;
}

export const jsEnabled = (testInfo: TestInfo) => testInfo.project.use.javaScriptEnabled !== false;

/**
 * Records Remix data requests (`?_data=`), which only client-side JavaScript makes. `page.evaluate` still
 * works with JavaScript disabled, so requests are the proof that the page really ran without it.
 * Call `assertJsOff()` at the end of a test in the js-off project.
 */
const HYDRATION_ERROR = /hydrat|Minified React error #(418|419|421|422|423|425)\b/i;

export function watchDataRequests(page: Page) {
  const dataRequests: string[] = [];
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  // A server render that hydration does not match (React 18 production: errors #418, #423, #425) is logged, not thrown.
  page.on("console", (message) => {
    if (message.type() === "error" && HYDRATION_ERROR.test(message.text())) pageErrors.push(`hydration: ${message.text()}`);
  });
  const documentPosts: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.searchParams.has("_data")) dataRequests.push(`${request.method()} ${url.pathname}`);
    if (request.method() === "POST" && request.resourceType() === "document") documentPosts.push(url.pathname);
  });
  return {
    dataRequests,
    pageErrors,
    documentPosts,
    assertJsOff() {
      expect(dataRequests, "a ?_data= request means JavaScript ran").toEqual([]);
    },
  };
}

/**
 * Watches every test of a spec (in its beforeEach and afterEach): no uncaught error in the page, and in the js-off
 * project no data request. Returns the running test's watch, for a test that asserts its requests.
 */
export function watchEveryTest() {
  let watch: ReturnType<typeof watchDataRequests>;
  test.beforeEach(({ page }) => {
    watch = watchDataRequests(page);
  });
  test.afterEach(({}, testInfo) => {
    expect(watch.pageErrors, "uncaught errors in the page").toEqual([]);
    if (!jsEnabled(testInfo)) watch.assertJsOff();
  });
  return () => watch;
}

/** Visits a path, checks its status, and runs the axe scan (every page a journey visits gets one). */
export async function visit(page: Page, path: string, status = 200, axe: { disableRules?: string[] } = {}) {
  const response = await page.goto(path);
  expect(response?.status(), `status of ${path}`).toBe(status);
  // With JavaScript on, interact only once React has hydrated (otherwise a click races it).
  if (test.info().project.use.javaScriptEnabled !== false) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expectNoAxeViolations(page, axe);
  return response!;
}

/** Presses a form's button by its name and waits for the page it leads to (a real post with JavaScript off). */
export async function next(page: Page, name: string | RegExp = "Continue") {
  await page.getByRole("button", { name, exact: typeof name === "string" }).click();
  await page.waitForLoadState("load");
}

/** The password every console spec's staff account sets. */
export const STAFF_PASSWORD = "a long staff passphrase 42";

/**
 * The one-time setup link's path of a staff account made by `npm run staff` in playwright.config.ts's webServer
 * command (the links are written to this file before the server starts).
 */
export function staffSetupPath(email: string) {
  const port = Number(process.env.E2E_PORT ?? 3210);
  const lines = readFileSync(`/tmp/dental-e2e-staff-links-${port}.txt`, "utf8").split("\n");
  const line = lines.findIndex((l) => l.includes(`for ${email} `));
  expect(line, `a setup link for ${email} (playwright.config.ts)`).toBeGreaterThanOrEqual(0);
  return new URL(lines[line + 1]!.trim()).pathname;
}

/**
 * Sets up a staff account from its link (password, authenticator code read from the page) and signs in with both
 * factors; the sign-in uses the next 30-second step (the setup's code is never taken twice). Answers the TOTP secret.
 */
export async function setUpAndSignIn(page: Page, email: string) {
  await page.goto(staffSetupPath(email));
  const secret = (await page.locator("#totp-secret").innerText()).trim();
  await page.getByLabel("Password", { exact: true }).fill(STAFF_PASSWORD);
  await page.getByLabel("The password again").fill(STAFF_PASSWORD);
  await page.getByLabel("The 6-digit code the app shows now").fill(totpCode(secret, new Date()));
  await next(page, "Finish setup");
  await page.getByRole("link", { name: "Sign in" }).click();
  await page.getByLabel("Work email").fill(email);
  await page.getByLabel("Password").fill(STAFF_PASSWORD);
  await next(page, "Continue");
  await page.getByLabel("Code").fill(totpCode(secret, new Date(Date.now() + 30_000)));
  await next(page, "Sign in");
  return secret;
}

/** The page at 360 and 1280 px in test-results/screenshots/ (to look at), once per run: in the JavaScript-on project. */
export async function shoot(page: Page, name: string, testInfo: TestInfo) {
  if (!jsEnabled(testInfo)) return;
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 780 : 900 });
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}
