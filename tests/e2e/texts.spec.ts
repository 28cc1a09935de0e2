import { expect, type Page } from "@playwright/test";
import { finish, next } from "./booking-journey";
import { useMailbox } from "./mailbox";
import { expectNoAxeViolations, setUpAndSignIn, shoot, test, visit, watchEveryTest } from "./support";

/**
 * Texts from outside (issue 31, decisions 036 and 062), JavaScript off and on, with no provider configured (the
 * embedded default): a patient ticks the consent box while booking at Fenway and the booking's text waits on
 * /dev/outbox; "C" sent from /dev/sms confirms the visit, which the console's visit page shows as confirmed by text;
 * an unknown reply reaches the console's Texts inbox, where a front desk of Fenway reads it, is told an empty answer
 * is missing, and answers — the answer waiting on /dev/outbox beside the others; a cross-site post is refused (403). axe on every page; screenshots of
 * the consent box, the inbox and the thread.
 */
/** Nothing wider than a 360 px phone (a tag that does not wrap once pushed the visit page to 454 px). */
async function fitsPhone(page: Page) {
  await page.setViewportSize({ width: 360, height: 780 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `the page at 360 px: ${page.url()}`).toBeLessThanOrEqual(360);
  await page.setViewportSize({ width: 1280, height: 720 });
}

useMailbox(); // the booking's confirmation email goes to the run's SMTP server (not read here)
watchEveryTest();

test("a patient who ticks the box gets texts; C confirms the visit in the console; an unknown reply is answered from the console's inbox", async ({ page, newContext }, testInfo) => {
  // A booking journey and a dozen axe scans on a shared machine.
  test.setTimeout(300_000);
  const project = testInfo.project.name;
  // One number per project (the two share the server's database); the patient's own, typed as people type it.
  const digits = project === "js-off" ? "6175550180" : "6175550181";
  const typed = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  const e164 = `+1${digits}`;
  const email = `texts-${project}-${Date.now()}@example.com`;
  const textsTo = (p: typeof page) => p.locator("#texts tbody tr").filter({ hasText: e164 });

  // Booking: the box is unticked until the patient ticks it.
  const patient = await (await newContext()).newPage();
  await patient.goto("/booking?service=CLNCHK");
  await patient.getByLabel("Boston").check();
  await next(patient);
  await finish(patient, {
    studio: "Fenway",
    email,
    card: true,
    comfort: "cleaning",
    phone: typed,
    atContactInfo: async (p) => {
      const box = p.getByLabel("Text me reminders and updates about my visits");
      await expect(box).not.toBeChecked();
      await expect(p.getByText("Msg & data rates may apply. Reply STOP to stop, HELP for help.")).toBeVisible();
      await box.check();
      await expectNoAxeViolations(p);
      await shoot(p, "texts-consent-box", testInfo);
    },
  });
  // finish() ends on /dev/outbox: the booking's text waits there (no provider configured), naming the studio.
  await expect(textsTo(patient)).toHaveCount(1);
  await expect(textsTo(patient)).toContainText("Studio Dental: your visit at Fenway is booked for");
  await expect(textsTo(patient)).toContainText("Reply C to confirm");
  await expect(textsTo(patient)).toContainText("PENDING");

  // "C" from the patient's phone, through /dev/sms (the inbound webhook's handling without the signature).
  await visit(patient, "/dev/sms");
  await patient.getByLabel("From (the patient’s number)").fill(typed);
  await patient.getByLabel("Text", { exact: true }).fill("C");
  await next(patient, "Send as the patient");
  await expect(patient.getByRole("status")).toContainText("Taken as C");
  await expectNoAxeViolations(patient);
  await patient.goto("/dev/outbox");
  await expect(textsTo(patient).first()).toContainText("is confirmed");

  // A front desk of Fenway finds the visit: confirmed by text, and its texts with their state.
  await setUpAndSignIn(page, `texts-desk-${project}@console.example.com`);
  await page.getByRole("link", { name: "Find a patient" }).click();
  await page.getByLabel("Name, email or phone").fill(email);
  await next(page, "Search");
  await page.getByRole("row").filter({ hasText: email }).getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Alex Rivera");
  await expect(page.getByText("Confirmed by text", { exact: true })).toBeVisible();
  const visitTexts = page.getByRole("list", { name: "Texts about this visit, oldest first" }).getByRole("listitem");
  await expect(visitTexts).toHaveCount(3);
  await expect(visitTexts.nth(1)).toContainText("Confirmed the visit");
  await expect(visitTexts.nth(0)).toContainText("Waiting to be sent");
  await expectNoAxeViolations(page);
  await shoot(page, "texts-visit", testInfo);
  await fitsPhone(page);

  // An unknown reply: for the studio.
  await patient.goto("/dev/sms");
  await patient.getByLabel("From (the patient’s number)").fill(digits);
  await patient.getByLabel("Text", { exact: true }).fill("Can I bring my son along? He is 6.");
  await next(patient, "Send as the patient");
  await expect(patient.getByRole("status")).toContainText("For the studio");

  // The desk's inbox: the thread waits (no words on the list), its page has them; empty answer → told; answered.
  await page.getByRole("link", { name: "Texts", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Texts from patients");
  const row = page.getByRole("table", { name: /Waiting for an answer/ }).getByRole("row").filter({ hasText: typed });
  await expect(row).toHaveCount(1);
  await expect(page.getByText("Can I bring my son")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shoot(page, "texts-inbox", testInfo);
  await fitsPhone(page);
  await row.getByRole("link", { name: typed }).click();
  await expect(page).toHaveURL(/\/staff\/texts\/[A-Za-z0-9_-]{22}$/);
  expect(page.url()).not.toContain(digits);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Texts with ${typed}`);
  await expect(page.getByRole("list", { name: "Texts, oldest first" }).getByRole("listitem").last()).toContainText("Can I bring my son along? He is 6.");
  await expectNoAxeViolations(page);

  // A post from another site (the staff cookie riding along): refused before the app reads it, nothing sent.
  const forged = await page.request.post(page.url(), {
    headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    form: { intent: "answer", body: "Click https://evil.example", nonce: "AAAAAAAAAAAAAAAA", seen: "0" },
  });
  expect(forged.status()).toBe(403);
  await next(page, "Send the answer");
  await expect(page.getByRole("alert")).toContainText("Write the answer.");
  await expect(page.getByLabel("Your answer")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);
  await page.getByLabel("Your answer").fill("Yes, of course. See you both then!");
  await next(page, "Send the answer");
  await expect(page.getByRole("status")).toContainText("Your answer is in the outbox");
  await expect(page.getByText(/^Handled/)).toBeVisible();
  const last = page.getByRole("list", { name: "Texts, oldest first" }).getByRole("listitem").last();
  await expect(last).toContainText(`Studio: texts-desk-${project}@console.example.com`);
  await expect(last).toContainText("Studio Dental Fenway: Yes, of course. See you both then!");
  await expectNoAxeViolations(page);
  await shoot(page, "texts-thread", testInfo);
  await fitsPhone(page);

  // The answer waits on /dev/outbox beside the other texts.
  await patient.goto("/dev/outbox");
  await expect(textsTo(patient).first()).toContainText("Studio Dental Fenway: Yes, of course. See you both then!");
  await expect(textsTo(patient).first()).toContainText("staff");
  await expect(textsTo(patient).filter({ hasText: "evil.example" })).toHaveCount(0);
  await page.goto("/staff/texts");
  await expect(page.getByRole("table", { name: /Waiting for an answer/ }).getByRole("row").filter({ hasText: typed })).toHaveCount(0);
});
