import { expect } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { webhookReceiver, type Received } from "../helpers/webhook-receiver";
import { finish } from "./booking-journey";
import { useMailbox } from "./mailbox";
import { expectNoAxeViolations, jsEnabled, next, setUpAndSignIn, shoot, test, watchDataRequests } from "./support";

/**
 * Webhook endpoints in the console (issue 30 B, decision 058), JavaScript off and on, against the built server
 * (WEBHOOK_ALLOW_PRIVATE=true, a short WEBHOOK_RETRY_SCHEDULE: playwright.config.ts) and a real receiver on loopback
 * in this process: an admin made by `npm run staff` is told what is wrong with a bad endpoint (values kept), adds
 * one for Fenway's bookings (its secret shown once), a patient books at Fenway, and the delivery verifies with the
 * shown secret (the `standardwebhooks` package, as a receiver would); the endpoint's page lists it; the admin rotates
 * the secret and replays the delivery: the same webhook-id arrives with two signatures, each verifying with its
 * secret; then disables the endpoint. Every change is in the audit log. axe on every page.
 */
useMailbox(); // the booking's confirmation goes to the run's SMTP server (not read here)
const recv = webhookReceiver();
test.beforeAll(() => recv.start());
test.afterAll(() => recv.stop());

const verifies = (secret: string, r: Received) => {
  try {
    new Webhook(secret).verify(r.body, r.headers as Record<string, string>);
    return true;
  } catch {
    return false;
  }
};

test("an admin adds an endpoint (secret shown once), a booking arrives signed with it; rotated, a replay carries both signatures; disabled", async ({ page, newContext }, testInfo) => {
  // A booking journey and a dozen axe scans on a shared machine (load 16–20 seen).
  test.setTimeout(300_000);
  const requests = watchDataRequests(page);
  const project = testInfo.project.name;
  const path = `/hooks/${project}-${Date.now()}`;
  const mine = () => recv.received.filter((r) => r.path === path);

  await setUpAndSignIn(page, `hooks-admin-${project}@console.example.com`);
  await page.getByRole("link", { name: "Webhooks" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Webhooks");
  await expectNoAxeViolations(page);

  // A bad endpoint: each problem said beside its field, what was typed kept, nothing added.
  await page.getByLabel("URL").fill("ftp://hooks.example.com/in");
  await page.getByLabel("What it is for (optional)").fill("Practice system");
  await page.getByLabel("Fenway").check();
  await next(page, "Add the endpoint");
  const summary = page.getByRole("alert");
  await expect(summary).toContainText("The URL must start with https://.");
  await expect(summary).toContainText("Choose at least one event.");
  await expect(page.getByLabel("URL")).toHaveValue("ftp://hooks.example.com/in");
  await expect(page.getByLabel("URL")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("What it is for (optional)")).toHaveValue("Practice system");
  await expect(page.getByLabel("Fenway")).toBeChecked();
  await expectNoAxeViolations(page);
  await shoot(page, "console-webhooks-add-errors", testInfo);

  // Added: the secret shown once.
  await page.getByLabel("URL").fill(`${recv.url()}${path}`);
  await page.getByLabel(/^Booked/).check();
  await next(page, "Add the endpoint");
  await expect(page.getByRole("heading", { name: "Endpoint added" })).toBeVisible();
  const secret = await page.getByRole("textbox", { name: "Signing secret" }).inputValue();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  const row = page.getByRole("row").filter({ hasText: path });
  await expect(row).toContainText("Fenway");
  await expect(row).toContainText("Enabled");
  await expectNoAxeViolations(page);
  await shoot(page, "console-webhooks-secret", testInfo);

  // A patient books at Fenway: the receiver hears it, signed with the shown secret, nothing personal in the body.
  const patient = await (await newContext()).newPage();
  const patientEmail = `hooks-${project}-${Date.now()}@example.com`;
  await patient.goto("/booking?service=CLNCHK");
  await patient.getByLabel("Boston").check();
  await next(patient);
  await finish(patient, { studio: "Fenway", email: patientEmail, card: true, comfort: "cleaning", laterWeek: true });
  await expect.poll(() => mine().length, { timeout: 30_000 }).toBe(1);
  const [first] = mine();
  expect(JSON.parse(first!.body)).toMatchObject({ type: "visit.booked", data: { studio: "fenway", service: "CLNCHK", status: "booked" } });
  expect(verifies(secret, first!)).toBe(true);
  expect(first!.body).not.toContain(patientEmail);
  expect(first!.body).not.toContain("Rivera");

  // Shown once: the list no longer holds it; the endpoint's page lists the delivery.
  await page.goto("/staff/webhooks");
  await expect(page.getByRole("textbox", { name: "Signing secret" })).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);
  await page.getByRole("link", { name: `${recv.url()}${path}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Webhook endpoint");
  const delivery = page.getByRole("row").filter({ hasText: "visit.booked" });
  await expect(delivery).toHaveCount(1);
  await expect(delivery).toContainText("Delivered");
  await expect(delivery.getByRole("cell").nth(2)).toHaveText("1"); // attempts
  await expect(delivery.getByRole("cell").nth(3)).toHaveText("200"); // last status code
  await expectNoAxeViolations(page);
  await shoot(page, "console-webhooks-deliveries", testInfo);

  // Rotated: a new secret shown once; the replay of the delivery carries the same id and both signatures.
  await next(page, "Rotate the secret");
  await expect(page.getByRole("heading", { name: "New signing secret" })).toBeVisible();
  const fresh = await page.getByRole("textbox", { name: "Signing secret" }).inputValue();
  expect(fresh).toMatch(/^whsec_/);
  expect(fresh).not.toBe(secret);
  await expect(page.getByText(/the previous secret also signs until/)).toBeVisible();
  await expectNoAxeViolations(page);
  await next(page, /^Replay booked of visit/);
  await expect(page.getByRole("status")).toContainText("Queued again");
  await expectNoAxeViolations(page);
  await expect.poll(() => mine().length, { timeout: 30_000 }).toBe(2);
  const replayed = mine()[1]!;
  expect(replayed.headers["webhook-id"]).toBe(first!.headers["webhook-id"]);
  expect(String(replayed.headers["webhook-signature"]).split(" ")).toHaveLength(2);
  expect(verifies(secret, replayed)).toBe(true);
  expect(verifies(fresh, replayed)).toBe(true);
  expect(verifies("whsec_" + Buffer.alloc(32, 1).toString("base64"), replayed)).toBe(false);

  // Disabled: the page says so; the audit log has each change, by this admin.
  await next(page, "Disable the endpoint");
  await expect(page.getByRole("status")).toContainText("Disabled.");
  await expect(page.getByRole("button", { name: "Enable the endpoint" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto(`/staff/audit?staff=hooks-admin-${project}%40console.example.com`);
  for (const action of ["webhook.add", "webhook.rotate", "webhook.replay", "webhook.disable"]) {
    await expect(page.getByRole("row").filter({ hasText: action }), action).toHaveCount(1);
  }
  expect(await page.content()).not.toContain(secret.slice(6, 20));
  await expectNoAxeViolations(page);
  await page.goto("/staff/webhooks");
  await expect(page.getByRole("row").filter({ hasText: path })).toContainText("Disabled");
  await shoot(page, "console-webhooks-list", testInfo);

  if (!jsEnabled(testInfo)) requests.assertJsOff();
  expect(requests.pageErrors).toEqual([]);
});
