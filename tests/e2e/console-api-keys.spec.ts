import { expect } from "@playwright/test";
import { expectNoAxeViolations, jsEnabled, next, setUpAndSignIn, shoot, test, watchDataRequests } from "./support";

/**
 * API keys in the console (issue 30 C, decision 033), JavaScript off and on: an admin made by `npm run staff`
 * opens "API keys", is told what is missing on an empty form, makes a key for one studio (shown once), reads the API
 * with it (a visit it cannot see is a JSON 404, the list of its studio a JSON page), sees "last used", revokes it,
 * and the API answers 401. axe on every page.
 */
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
  await shoot(page, "console-api-keys-new", testInfo);
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
  await shoot(page, "console-api-keys-list", testInfo);
  const refused = await request.get("/api/v1/visits?studio=fenway&from=2026-01-01T00:00:00Z&to=2026-03-01T00:00:00Z", { headers });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ error: { code: "unauthorized" } });

  if (!jsEnabled(testInfo)) requests.assertJsOff();
  expect(requests.pageErrors).toEqual([]);
});
