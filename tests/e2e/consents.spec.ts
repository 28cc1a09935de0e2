import { expect } from "@playwright/test";
import { signUp } from "./account-journey";
import { uniqueEmail } from "./booking-journey";
import { useMailbox } from "./mailbox";
import { expectNoAxeViolations, shoot, test, visit } from "./support";

/**
 * What I agreed to (issue 41 C, decision 079), with JavaScript off and on, axe on the page: a patient signs up,
 * saves a mobile number and agrees to texts on /profile, opens "What I agreed to" from /profile — texts on, with the
 * number, since when and "online, on your profile"; recall emails on — stops both, each with one button, and the
 * page says when and how each stopped.
 */
const { mailTo } = useMailbox();

test("a patient sees what they agreed to and stops texts and recall emails, each with one button", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await signUp(page, mailTo, uniqueEmail("consents"), "Robin Agree");

  await visit(page, "/profile");
  const details = page.locator("form").filter({ has: page.getByRole("button", { name: "Save my details" }) });
  await details.getByLabel("First name").fill("Robin");
  await details.getByLabel("Last name").fill("Agree");
  await details.getByLabel("Mobile number").fill("(617) 555-0172");
  const dob = details.getByRole("group", { name: "Date of birth" });
  await dob.getByLabel("Month").fill("5");
  await dob.getByLabel("Day").fill("1");
  await dob.getByLabel("Year").fill("1990");
  await details.getByRole("button", { name: "Save my details" }).click();
  await expect(page).toHaveURL(/done=details/);
  await page.getByLabel("Text me reminders and updates about my visits").check();
  await page.locator("form").filter({ has: page.getByLabel("Text me reminders and updates about my visits") }).getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/done=texts/);

  await page.getByRole("link", { name: "What I agreed to (texts, emails)" }).click();
  await expect(page).toHaveURL(/\/profile\/consents$/);
  await expect(page.getByRole("heading", { level: 1, name: "What I agreed to" })).toBeVisible();
  await expect(page.getByText(/^On, to \(617\) 555-0172, since .*, online, on your profile\.$/)).toBeVisible();
  await expect(page.getByText("On: we email when your next checkup is due.")).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, "consents", testInfo);

  await page.getByRole("button", { name: "Stop texts" }).click();
  await expect(page).toHaveURL(/done=texts/);
  await expect(page.getByRole("status")).toHaveText("Texts stopped.");
  await expect(page.getByText("Off: we send no texts.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Stop texts" })).toHaveCount(0);

  await page.getByRole("button", { name: "Stop recall emails" }).click();
  await expect(page).toHaveURL(/done=recall/);
  await expect(page.getByText(/^Off since .*, online, on this page\.$/)).toBeVisible();
  await page.getByText("Every change to texts").click();
  await expect(page.getByText(/^\(617\) 555-0172: agreed on .*, online, on your profile\. Stopped on .*, online\.$/)).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, "consents-stopped", testInfo);
});
