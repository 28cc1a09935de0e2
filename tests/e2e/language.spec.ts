import { expect, type Page } from "@playwright/test";
import { test } from "./support";
import { next, step } from "./booking-journey";
import { expectNoAxeViolations, jsEnabled, visit, watchEveryTest } from "./support";
import { expectNoEnglishLeft, textsOf } from "./translation";

// The language frame (issue 21, decision 027), in both projects: js-off and js-on. The server runs with
// SITE_ORIGIN=https://dental.example.com (playwright.config.ts).
const ORIGIN = "https://dental.example.com";

watchEveryTest();

const lang = (page: Page) => page.locator("html").getAttribute("lang");
/** The language link in the header (the page's own language is not offered). */
const switchTo = async (page: Page, name: "English" | "Español") => {
  await page.getByRole("banner").getByRole("link", { name, exact: true }).click();
  await page.waitForLoadState("load");
};

/**
 * The page's chrome (everything outside <main> and <head>: header, menus, footer, cookie banner) shares no sentence with its
 * English rendering: expectNoEnglishLeft's rule, for a page whose body is someone else's to translate.
 */
async function expectChromeInSpanish(page: Page) {
  const fetchIn = async (locale: string) => {
    const url = new URL(page.url());
    url.searchParams.set("lang", locale);
    const html = await (await page.context().request.get(url.toString())).text();
    // The head's title and description are the page's own (content), like <main>.
    return textsOf(html.replace(/<head>[\s\S]*<\/head>/, "").replace(/<main\b[\s\S]*<\/main>/, ""));
  };
  const english = await fetchIn("en-US");
  const spanish = new Set(await fetchIn("es-US"));
  // Sentences only (a single word or anything with a digit or an address is the same in both languages).
  const left = english.filter((text) => spanish.has(text) && /\s/.test(text) && !/\d|@|Studio Dental/.test(text));
  expect(left, "English left in the Spanish chrome").toEqual([]);
  expect(english.length).toBeGreaterThan(10);
}

test.describe("a browser that asks for Spanish", () => {
  test.use({ locale: "es-US" });

  test("gets the home page in Spanish, said to caches to vary by language", async ({ page }) => {
    const response = await visit(page, "/");
    expect(await lang(page)).toBe("es-US");
    await expect(page.getByRole("link", { name: "Ir al contenido" })).toBeAttached();
    await expect(page.getByRole("banner").getByRole("link", { name: "Reservar una cita" }).first()).toBeAttached();
    await expect(page.getByRole("contentinfo")).toContainText("Aviso de prácticas de privacidad");
    await expect(page.getByRole("region", { name: "Aviso de cookies" })).toContainText("usted acepta nuestro uso de cookies");
    const vary = (response.headers()["vary"] ?? "").toLowerCase();
    expect(vary).toContain("accept-language");
    expect(vary).toContain("cookie");
    // A loader's data carries the page's messages too.
    const data = await page.context().request.get("/?_data=root", { headers: { "Accept-Language": "es-US" } });
    expect(data.headers()["vary"]?.toLowerCase()).toContain("accept-language");
    expect((await data.json()).i18n.locale).toBe("es-US");
    await expectChromeInSpanish(page);
  });

  test("the home page has no English left", async ({ page }) => {
    await visit(page, "/");
    await expectNoEnglishLeft(page);
  });

  test("the not-found page and an expired link's page are in Spanish", async ({ page }) => {
    await visit(page, "/no-such-page", 404);
    expect(await lang(page)).toBe("es-US");
    await expect(page).toHaveTitle("Página no encontrada — Studio Dental");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("No encontramos esa página");
    await expect(page.getByRole("link", { name: "Vaya a la página de inicio" })).toHaveAttribute("href", "/");
    await expectNoEnglishLeft(page);

    // A post to it too (the root loader does not run after a thrown action: the server's words stand in).
    const post = await page.request.post("/no-such-page", { form: { a: "1" }, headers: { "Accept-Language": "es-US" } });
    expect(post.status()).toBe(404);
    const html = await post.text();
    expect(html).toContain("<title>Página no encontrada — Studio Dental</title>");
    expect(html).toContain("No encontramos esa página");

    // A gone link's words are keys, worded by the error page in the reader's language.
    await visit(page, "/waitlist/offer/not-a-real-token", 404);
    await expect(page).toHaveTitle("No encontramos ese enlace de la lista de espera — Studio Dental");
    await expect(page.getByRole("link", { name: "Reservar una cita" }).last()).toHaveAttribute("href", "/booking");
  });

  test("a page's words come in the page, not in its loader data; a client navigation into another section brings its own", async ({ page }, testInfo) => {
    // Issue 22: on a document the messages are no loader data (stringified, parsed and stringified again per page).
    const html = await (await page.context().request.get("/login", { headers: { "Accept-Language": "es-US" } })).text();
    const handoff = JSON.parse(html.match(/window\.__remixContext = (\{.*?\});<\/script>/s)?.[1] ?? "null") as { state: { loaderData: { root: object } } };
    expect(handoff.state.loaderData.root).not.toHaveProperty("i18n");
    const words = JSON.parse(html.match(/<script type="application\/json" id="page-i18n">(.*?)<\/script>/s)?.[1] ?? "null") as { locale: string; messages: Record<string, string> };
    expect(words.locale).toBe("es-US");
    expect(words.messages["account.login.metaTitle"]).toMatch(/sesión/i);

    await visit(page, "/");
    await expect(page.getByRole("link", { name: "Ir al contenido" })).toBeAttached();
    if (!jsEnabled(testInfo)) return;
    // From a marketing page to an account page in the browser: the root's data brings the account section's words.
    const rootData = page.waitForResponse((r) => new URL(r.url()).searchParams.get("_data") === "root");
    await page.evaluate(() => (window as unknown as { __remixRouter: { navigate: (to: string) => Promise<void> } }).__remixRouter.navigate("/login"));
    const data = (await (await rootData).json()) as { i18n: { locale: string; messages: Record<string, string> } };
    expect(data.i18n.locale).toBe("es-US");
    expect(data.i18n.messages["account.login.metaTitle"]).toBe(words.messages["account.login.metaTitle"]);
    await expect(page).toHaveTitle(words.messages["account.login.metaTitle"].replace("{brand}", "Studio Dental"));
  });

  test("the studio console stays English", async ({ page }) => {
    // The console has no scripts (nothing hydrates): a plain load.
    expect((await page.goto("/staff/login"))?.status()).toBe(200);
    await expectNoAxeViolations(page);
    expect(await lang(page)).toBe("en");
    await expect(page.getByRole("link", { name: "Español" })).toHaveCount(0);
  });
});

test("the language link keeps the page and its query; the cookie remembers the choice", async ({ page }) => {
  await visit(page, "/about?utm_medium=email");
  expect(await lang(page)).toBe("en-US");
  await switchTo(page, "Español");
  await expect(page).toHaveURL(/\/about\?utm_medium=email&lang=es-US$/);
  expect(await lang(page)).toBe("es-US");
  await expect(page.getByRole("banner").getByRole("link", { name: "English", exact: true })).toHaveAttribute("hreflang", "en-US");
  await expectNoAxeViolations(page);

  // The next page, without ?lang=, is still Spanish: the link left the `lang` cookie.
  await visit(page, "/studios");
  expect(await lang(page)).toBe("es-US");
  await switchTo(page, "English");
  await expect(page).toHaveURL(/\/studios\?lang=en-US$/);
  await visit(page, "/about");
  expect(await lang(page)).toBe("en-US");
});

test("public pages name their other languages; the canonical address stays origin + path", async ({ page }) => {
  await visit(page, "/about?lang=es-US&utm_source=x");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${ORIGIN}/about`);
  const alternate = (hreflang: string) => page.locator(`link[rel="alternate"][hreflang="${hreflang}"]`);
  await expect(alternate("en-US")).toHaveAttribute("href", `${ORIGIN}/about?lang=en-US`);
  await expect(alternate("es-US")).toHaveAttribute("href", `${ORIGIN}/about?lang=es-US`);
  await expect(alternate("x-default")).toHaveAttribute("href", `${ORIGIN}/about`);
  // An account page is no public page: no alternates to index.
  await visit(page, "/login");
  await expect(page.locator('link[rel="alternate"]')).toHaveCount(0);
});

test("switching language mid-booking keeps the booking's choices", async ({ page }) => {
  await visit(page, "/booking/markets");
  await page.locator('input[name="market"][value="boston"]').check();
  await next(page);
  await step(page, "/booking/services");
  await page.locator('input[name="category"][value="cleaning"]').check();
  await next(page);
  await step(page, "/booking/studios");

  await switchTo(page, "Español");
  // The step still opens (the booking lives in its cookie, not in the address), in Spanish.
  await expect(page).toHaveURL(/\/booking\/studios\?lang=es-US$/);
  expect(await lang(page)).toBe("es-US");
  await expect(page.locator('input[name="studio"]').first()).toBeVisible();
  await expectNoAxeViolations(page);
  // The choice made in English is still checked on the step before.
  await visit(page, "/booking/services");
  await expect(page.locator('input[name="category"][value="cleaning"]')).toBeChecked();

  await switchTo(page, "English");
  await expect(page).toHaveURL(/\/booking\/services\?lang=en-US$/);
  expect(await lang(page)).toBe("en-US");
  await expect(page.locator('input[name="category"][value="cleaning"]')).toBeChecked();
  await visit(page, "/booking/markets");
  await expect(page.locator('input[name="market"][value="boston"]')).toBeChecked();
});
