import { readFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";
import { test } from "./support";
import { totpCode } from "../../app/console/totp";
import { next } from "./booking-journey";
import { expectNoAxeViolations, jsEnabled, watchDataRequests } from "./support";

/**
 * API keys in the console (issue 30 C, decision 033), JavaScript off and on: an admin made by `npm run staff`
 * opens "API keys", is told what is missing on an empty form, makes a key for one studio (shown once), reads the API
 * with it (a visit it cannot see is a JSON 404, the list of its studio a JSON page), sees "last used", revokes it,
 * and the API answers 401. axe on every page.
 */
const PASSWORD = "a long staff passphrase 42";
const PORT = Number(process.env.E2E_PORT ?? 3210);

function setupPath(email: string) {
  const lines = readFileSync(`/tmp/dental-e2e-staff-links-${PORT}.txt`, "utf8").split("\n");
  return new URL(lines[lines.findIndex((l) => l.includes(`for ${email} `)) + 1]!.trim()).pathname;
}

async function setUpAndSignIn(page: Page, email: string) {
  await page.goto(setupPath(email));
  const secret = (await page.locator("#totp-secret").innerText()).trim();
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("The password again").fill(PASSWORD);
  await page.getByLabel("The 6-digit code the app shows now").fill(totpCode(secret, new Date()));
  await next(page, "Finish setup");
  await page.getByRole("link", { name: "Sign in" }).click();
  await page.getByLabel("Work email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await next(page, "Continue");
  await page.getByLabel("Code").fill(totpCode(secret, new Date(Date.now() + 30_000)));
  await next(page, "Sign in");
}

/** The page at 360 and 1280 px (test-results/screenshots/, to look at), once per run (JavaScript on). */
async function shoot(page: Page, name: string, on: boolean) {
  if (!on) return;
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 780 : 900 });
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test("an admin makes an API key for one studio, shown once; the API reads with it; revoked, it is refused", async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const requests = watchDataRequests(page);
  const project = testInfo.project.name;
  await setUpAndSignIn(page, `api-admin-${project}@console.example.com`);
  await page.getByRole("link", { name: "API keys" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("API keys");
  await expectNoAxeViolations(page);

  // An empty form: each problem said, nothing made.
  await next(page, "Make the key");
  await expect(page.getByRole("alert")).toContainText("Name the integration this key is for.");
  await expect(page.getByRole("alert")).toContainText("Choose at least one studio.");
  await expectNoAxeViolations(page);

  const name = `CRM ${project} ${Date.now()}`;
  await page.getByLabel("What it is for").fill(name);
  await page.getByLabel("Fenway").check();
  await next(page, "Make the key");
  await expect(page.getByRole("heading", { name: `Key for ${name}` })).toBeVisible();
  const key = await page.getByLabel("API key").inputValue();
  await shoot(page, "console-api-keys-new", jsEnabled(testInfo));
  expect(key).toMatch(/^dbk_[A-Za-z0-9_-]{43}$/);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Fenway");
  await expect(row).toContainText("Never");
  await expectNoAxeViolations(page);

  // The key works for its studio and nothing else.
  const headers = { Authorization: `Bearer ${key}` };
  const list = await request.get("/api/v1/visits?studio=fenway&from=2026-01-01T00:00:00Z&to=2026-03-01T00:00:00Z", { headers });
  expect(list.status()).toBe(200);
  expect(list.headers()["cache-control"]).toBe("no-store");
  expect(await list.json()).toMatchObject({ data: expect.any(Array) });
  const elsewhere = await request.get("/api/v1/visits?studio=kendall-square&from=2026-01-01T00:00:00Z&to=2026-03-01T00:00:00Z", { headers });
  expect(elsewhere.status()).toBe(404);
  expect(await elsewhere.json()).toMatchObject({ error: { code: "not_found" } });

  // Shown once: the page again lists it without the key, now used.
  await page.goto("/staff/api-keys");
  await expect(page.getByLabel("API key")).toHaveCount(0);
  expect(await page.content()).not.toContain(key);
  await expect(page.getByRole("row").filter({ hasText: name })).not.toContainText("Never");

  await page.getByRole("button", { name: `Revoke the key for ${name}` }).click();
  await expect(page.getByRole("status")).toContainText("Revoked. The key stopped working at once.");
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText("Revoked");
  await expectNoAxeViolations(page);
  await shoot(page, "console-api-keys-list", jsEnabled(testInfo));
  const refused = await request.get("/api/v1/visits?studio=fenway&from=2026-01-01T00:00:00Z&to=2026-03-01T00:00:00Z", { headers });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ error: { code: "unauthorized" } });

  if (!jsEnabled(testInfo)) requests.assertJsOff();
  expect(requests.pageErrors).toEqual([]);
});
