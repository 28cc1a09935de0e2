import { expect, test } from "@playwright/test";
import { visit } from "./support";

/** The public site (issue 11), as a visitor without JavaScript (and once with): every page, axe on each. */
const PAGES: [string, RegExp][] = [
  ["/", /Dental care that fits your day/],
  ["/about", /About us/],
  ["/studios", /Our studios/],
  ["/orthodontics", /Orthodontics/],
  ["/invisalign", /Invisalign clear aligners/],
  ["/breezy-braces", /Breezy Braces/],
  ["/leadership", /Leadership/],
  ["/invite-a-friend", /Invite a friend/],
  ["/terms", /Terms of use/],
  ["/privacy", /Notice of privacy practices/],
  ["/contact", /Contact us/],
];

for (const [path, heading] of PAGES) {
  test(`${path} shows its content, its canonical link and passes axe`, async ({ page }) => {
    await visit(page, path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `https://dental.example.com${path === "/" ? "/" : path}`);
  });
}

test("the cookie banner's Cookie Policy link lands on the terms' cookie section", async ({ page }) => {
  await visit(page, "/terms#cookies");
  await expect(page.locator("h2#cookies")).toHaveText("Cookie Policy");
});

test("a studio in the directory books there: its link starts the booking with that studio", async ({ page }) => {
  await visit(page, "/studios");
  await expect(page.locator("#studio-fenway")).toContainText(/Fenway/);
  await page.locator("#studio-fenway").getByRole("link", { name: /Book at/ }).click();
  await expect(page).toHaveURL(/\/booking\/services/);
});

test("a referral link keeps the code and the campaign and lands on the home page", async ({ page, context }) => {
  await page.goto("/referral-redirect?referralCode=FRIEND42&utm_source=friendbuy&utm_campaign=evergreen");
  await expect(page).toHaveURL(/\/\?utm_source=friendbuy&utm_campaign=evergreen$/);
  const cookie = (await context.cookies()).find((c) => c.name === "referralCode");
  expect(decodeURIComponent(cookie?.value ?? "")).toContain('"code":"FRIEND42"');
  expect(cookie?.httpOnly).toBe(true);
});

test("robots.txt and sitemap.xml", async ({ request }) => {
  expect(await (await request.get("/robots.txt")).text()).toContain("Disallow: /intake");
  expect(await (await request.get("/sitemap.xml")).text()).toContain("<loc>https://dental.example.com/studios</loc>");
});

test("a friendbuy campaign's popup opens once per session, closes without JavaScript, and passes axe", async ({ page }) => {
  await visit(page, "/?utm_source=FriendBuy&utm_campaign=2026-evergreen");
  const popup = page.getByRole("dialog", { name: "Welcome — a friend sent you" });
  await expect(popup).toBeVisible();
  await popup.getByRole("button", { name: "Close" }).click();
  await expect(page).toHaveURL(/:\d+\/\??$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // Same campaign again this session: not again. Another campaign's popup still opens once.
  await page.goto("/?utm_source=friendbuy&utm_campaign=evergreen");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.goto("/breezy-braces-referral-redirect?referralCode=BB1&utm_source=friendbuy&utm_campaign=breezybraces");
  await expect(page).toHaveURL(/\/breezy-braces\?/);
  await expect(page.getByRole("dialog", { name: /Breezy Braces/ })).toBeVisible();
  await page.goto("/?utm_source=google&utm_campaign=evergreen");
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("web-view mode sticks: the app's web_view cookie on the first request only, and later pages stay in web view", async ({ page }) => {
  // The app's cookie reaches only the first request (it is sent by hand here, not stored in the browser).
  const first = await page.request.get("/about", { headers: { cookie: "web_view=true" } });
  expect(first.headers()["set-cookie"]).toMatch(/web_view=true/);
  await page.goto("/studios");
  await expect(page.locator('meta[name="viewport"]')).toHaveAttribute("content", /maximum-scale=1/);
  await expect(page.locator("body")).toHaveClass(/web-view/);
  await expect(page.getByRole("banner")).toHaveCount(0);
});

test("with JavaScript, the page's web vitals reach the data layer with the market and a landing page without tokens or query", async ({ page }, testInfo) => {
  test.skip(testInfo.project.use.javaScriptEnabled === false, "web vitals need JavaScript");
  await page.goto("/studios?utm_campaign=spring_BOS&utm_source=news");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByRole("heading", { level: 1 }).click(); // an input finalises LCP
  const vitals = () =>
    page.evaluate(() => ((window as unknown as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []).filter((e) => e.event === "web-vitals"));
  await expect.poll(async () => (await vitals()).some((e) => e.name === "LCP")).toBe(true);
  const lcp = (await vitals()).find((e) => e.name === "LCP")!;
  expect(lcp).toMatchObject({ market: "boston", isWebView: false, isLoggedIn: false, originalLocation: expect.stringMatching(/^http:\/\/localhost:\d+\/studios$/) });
  expect(typeof lcp.value).toBe("number");
  expect(String(lcp.label)).toMatch(/^v\d/);
});
