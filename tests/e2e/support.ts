import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page, type TestInfo } from "@playwright/test";

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
  // Legacy mode: one run in the page itself. The default mode opens a blank page for every scan to merge the
  // frames' results, which costs more than the scan on a slow machine; our pages have no cross-origin frames.
  const results = await new AxeBuilder({ page: target }).withTags(["wcag2a", "wcag2aa"]).disableRules(disableRules).setLegacyMode(true).analyze();
  const violations = results.violations.map((v) => ({
    rule: v.id,
    help: v.help,
    nodes: v.nodes.map((n) => n.target.join(" ")),
  }));
  expect(violations, `axe violations on ${page.url()}`).toEqual([]);
}

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
export function watchDataRequests(page: Page) {
  const dataRequests: string[] = [];
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
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

/** Visits a path, checks its status, and runs the axe scan (every page a journey visits gets one). */
export async function visit(page: Page, path: string, status = 200, axe: { disableRules?: string[] } = {}) {
  const response = await page.goto(path);
  expect(response?.status(), `status of ${path}`).toBe(status);
  // With JavaScript on, interact only once React has hydrated (otherwise a click races it).
  if (test.info().project.use.javaScriptEnabled !== false) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expectNoAxeViolations(page, axe);
  return response!;
}
