import AxeBuilder from "@axe-core/playwright";
import { expect, test, type BrowserContext, type Page, type TestInfo } from "@playwright/test";

/**
 * WCAG 2 A and AA checks on the page as it is now; fails listing each rule and the elements it hit.
 * axe needs JavaScript (its run never finishes in a page with JavaScript disabled), so in the js-off project
 * the page's current DOM, minus scripts, is scanned in a JS-enabled page at the same URL and viewport,
 * loading the same stylesheets from the server (colour contrast is checked against the real CSS).
 */
export async function expectNoAxeViolations(page: Page, { disableRules = [] as string[] } = {}) {
  const jsOff = test.info().project.use.javaScriptEnabled === false;
  // The URL changes when the next document commits, before it has all arrived: scan the whole page, not a prefix.
  await page.waitForLoadState("load");
  let target = page;
  let context: BrowserContext | undefined;
  if (jsOff) {
    const url = page.url().split("#")[0];
    const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
    context = await page.context().browser()!.newContext({ javaScriptEnabled: true, viewport: page.viewportSize() });
    target = await context.newPage();
    await target.route((u) => u.href === url, (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }));
    await target.goto(url);
  }
  try {
    const results = await new AxeBuilder({ page: target }).withTags(["wcag2a", "wcag2aa"]).disableRules(disableRules).analyze();
    const violations = results.violations.map((v) => ({
      rule: v.id,
      help: v.help,
      nodes: v.nodes.map((n) => n.target.join(" ")),
    }));
    expect(violations, `axe violations on ${page.url()}`).toEqual([]);
  } finally {
    await context?.close();
  }
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
