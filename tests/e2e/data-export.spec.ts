import { readFileSync } from "node:fs";
import { expect } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { PASSWORD, signUp } from "./account-journey";
import { uniqueEmail } from "./booking-journey";
import { useMailbox } from "./mailbox";
import { expectNoAxeViolations, shoot, test, visit } from "./support";

/**
 * "Download my data" (issue 41 A, decision 080), with JavaScript off and on, axe on the page: a patient signs up,
 * opens "Download my data" from /profile, a wrong password is refused beside the field, the right one gives a link
 * that downloads a ZIP (a navigation: Playwright's download event) holding data.json and index.html; the link is dead
 * after use (404). Then the emailed code instead of the password gives a second link.
 */
const { mailTo } = useMailbox();

test("a patient downloads a copy of their data with the password again, once; then with an emailed code", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const email = uniqueEmail("export");
  await signUp(page, mailTo, email, "Robin Export");

  await visit(page, "/profile");
  await page.getByRole("link", { name: "Download my data" }).click();
  await expect(page).toHaveURL(/\/profile\/data$/);
  await expect(page.getByRole("heading", { level: 1, name: "Download my data" })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, "data-export", testInfo);

  await page.getByLabel("Your password").fill("not my password");
  await page.getByRole("button", { name: "Get my download link" }).click();
  await expect(page.getByText("That password is not right.").first()).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, "data-export-wrong", testInfo);

  await page.getByLabel("Your password").fill(PASSWORD);
  await page.getByRole("button", { name: "Get my download link" }).click();
  await expect(page.getByRole("heading", { name: "Your download is ready" })).toBeVisible();
  await expect(page.getByRole("status")).toHaveText(/^The link works once, until .*\. After that, ask for a new one here\.$/);
  await expectNoAxeViolations(page);
  await shoot(page, "data-export-ready", testInfo);

  const link = page.getByRole("link", { name: "Download my data (ZIP)" });
  const href = (await link.getAttribute("href"))!;
  expect(href).toMatch(/^\/profile\/data\/[A-Za-z0-9_-]{43}$/);
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
  const data = JSON.parse(strFromU8(files["data.json"])) as { schemaVersion: number; account: { email: string } };
  expect(data.schemaVersion).toBe(1);
  expect(data.account.email).toBe(email);
  expect(strFromU8(files["index.html"])).toContain("<h1>My data</h1>");

  // Used: the same link is the 404.
  expect((await page.request.get(href)).status()).toBe(404);

  // The code instead of the password.
  await visit(page, "/profile/data");
  await page.getByRole("button", { name: "Email me a code" }).click();
  await expect(page).toHaveURL(/\/profile\/data\?code=sent$/);
  const mail = await mailTo(email, /code for a copy of your data/);
  const code = /\b(\d{6})\b/.exec(mail)![1];
  await page.getByLabel("Code").fill(code);
  await page.locator("form").filter({ has: page.getByLabel("Code") }).getByRole("button", { name: "Get my download link" }).click();
  await expect(page.getByRole("link", { name: "Download my data (ZIP)" })).toBeVisible();
  await expectNoAxeViolations(page);
});
