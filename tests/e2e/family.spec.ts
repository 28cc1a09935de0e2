import { expect, type Page } from "@playwright/test";
import { test } from "./support";
import { signUp } from "./account-journey";
import { guardianAndCard, next, pickFirstTime, step, toFenwayTimes, uniqueEmail } from "./booking-journey";
import { useMailbox } from "./mailbox";
import { expectNoAxeViolations, jsEnabled, visit, watchDataRequests } from "./support";

/**
 * Family members (issue 20 A), with JavaScript off and on, axe on every page, the real emails through a real SMTP
 * server: a patient signs up, adds a child (the add form's errors first) and their partner, books the child's
 * checkup ("who is this visit for?"), then the partner at the same time ("book another family member"): one
 * confirmation email naming both, two visits on the profile under their names. The child's visit is managed from
 * the parent's profile (its intake, its cancel); another account cannot open the child's visit or page (404).
 */
const { mailTo } = useMailbox();

async function addMember(page: Page, m: { first: string; last: string; month: string; day: string; year: string; relationship: string }) {
  await page.getByLabel("First name").fill(m.first);
  await page.getByLabel("Last name").fill(m.last);
  const dob = page.getByRole("group", { name: "Date of birth" });
  await dob.getByLabel("Month").fill(m.month);
  await dob.getByLabel("Day").fill(m.day);
  await dob.getByLabel("Year").fill(m.year);
  await page.getByLabel(m.relationship).check();
  await next(page, "Add to my family");
}

test("a parent adds a child and a partner, books both at the same time, manages the child's visit; another account gets 404", async ({ page, newContext }, testInfo) => {
  test.setTimeout(360_000);
  const requests = watchDataRequests(page);
  const email = uniqueEmail("family");
  await signUp(page, mailTo, email, "Alex Rivera");

  // 1. The profile's family section: add a child — the form's errors first (kept values, an error summary).
  await visit(page, "/profile");
  const family = page.getByRole("region", { name: "Your family" });
  await expect(family).toContainText("Book and manage visits for your children");
  await family.getByRole("link", { name: "Add a family member" }).click();
  await step(page, "/profile/family/new");
  await page.getByLabel("Last name").fill("Rivera");
  await next(page, "Add to my family");
  await expect(page.getByRole("alert")).toContainText("Enter their first name.");
  await expect(page.getByRole("alert")).toContainText("Choose how they are related to you.");
  await expect(page.getByLabel("Last name")).toHaveValue("Rivera");
  await expectNoAxeViolations(page);
  await addMember(page, { first: "Sam", last: "Rivera", month: "3", day: "14", year: "2018", relationship: "My child" });
  await step(page, "/profile");
  await expect(family.getByRole("status")).toContainText("added");
  await expect(family.getByRole("heading", { name: "Sam Rivera" })).toBeVisible();
  await expect(family).toContainText("you are their guardian");
  await family.getByRole("link", { name: "Add a family member" }).click();
  await step(page, "/profile/family/new");
  await addMember(page, { first: "Jordan", last: "Rivera", month: "7", day: "2", year: "1988", relationship: "My partner or spouse" });
  await step(page, "/profile");

  // 2. Book the child's checkup: "who is this visit for?" comes before the details, which are Sam's.
  await page.goto("/booking/markets");
  await toFenwayTimes(page);
  // A week ahead: surely more than 24 hours away (the cancel below is then free).
  await pickFirstTime(page, true);
  await step(page, "/booking/who");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Who is this visit for?");
  await page.getByLabel("Sam Rivera").check();
  await next(page);
  await step(page, "/booking/contact-info");
  await expect(page.getByText("Booking for Sam Rivera.")).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveValue("Sam");
  await expect(page.getByRole("group", { name: "Date of birth" }).getByLabel("Year")).toHaveValue("2018");
  await expect(page.getByLabel("I am the patient’s parent or legal guardian")).toBeChecked();
  await page.getByLabel("Mobile number").fill("(617) 555-0100");
  await page.getByLabel("Mint").check();
  await page.getByLabel("Comedy").check();
  await next(page);
  await guardianAndCard(page);
  await step(page, "/booking/confirmation");
  await expect(page.locator(".summary-list")).toContainText("Sam Rivera (family member)");

  // 3. "Book another family member at the same time": Jordan, at a time offered beside Sam's.
  await page.getByRole("link", { name: "Book another family member at the same time" }).click();
  await step(page, "/booking/another");
  await next(page, "Add to my booking");
  await expect(page.getByRole("alert")).toContainText("Choose who else to book.");
  await expectNoAxeViolations(page);
  await page.getByLabel("Jordan Rivera").check();
  await page.getByRole("group", { name: "When" }).getByRole("radio").first().check();
  await next(page, "Add to my booking");
  await step(page, "/booking/confirmation");
  await expect(page.getByRole("region", { name: "Also booking" })).toContainText("Jordan Rivera");
  await next(page, "Book appointment");
  await expect(page).toHaveURL(/\/booking\/confirmed\//);
  await expectNoAxeViolations(page);
  const together = page.getByRole("region", { name: "Booked together" });
  await expect(together).toContainText("Sam Rivera");
  await expect(together).toContainText("Jordan Rivera");
  const samToken = new URL(page.url()).pathname.split("/").pop()!;
  // Whose visit this page is (issue 33 C): named to the parent's browser.
  await expect(page.getByText("For Sam Rivera")).toBeVisible();

  // One confirmation email to the parent naming both, with each visit's manage and calendar links.
  const mail = await mailTo(email, /visits for Sam and Jordan/);
  expect(mail).toContain(`/booking/confirmed/${samToken}/calendar.ics`);
  expect(mail.match(/\/booking\/confirmed\/[A-Za-z0-9_-]{20,64}\/calendar\.ics/g)!.length).toBeGreaterThanOrEqual(2);

  // 4. The profile: two visits, each under its person's name (none of them the parent's own).
  await visit(page, "/profile");
  await expect(page.getByRole("region", { name: "Upcoming visits" })).toContainText("No visits booked.");
  const sam = family.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Sam Rivera" }) });
  const jordan = family.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Jordan Rivera" }) });
  await expect(sam.locator(".visit-card")).toHaveCount(1);
  await expect(jordan.locator(".visit-card")).toHaveCount(1);

  // 5. The child's visit managed from the parent's profile: its page, its intake, its cancel.
  await sam.getByRole("link", { name: "Checkup & cleaning" }).click();
  await step(page, `/profile/appointments/${samToken}`);
  await expect(page.getByText("For Sam Rivera")).toBeVisible();
  await page.getByRole("link", { name: "Cancel visit" }).click();
  await step(page, `/profile/appointments/${samToken}/cancel`);
  await next(page, "Cancel my visit");
  await expect(page).toHaveURL(new RegExp(`/profile/appointments/${samToken}\\?cancelled=1`));
  await expectNoAxeViolations(page);
  await visit(page, "/profile");
  await expect(sam.locator(".visit-status")).toHaveText("Cancelled");
  await expect(jordan.locator(".visit-status")).toHaveText("Confirmed");
  // Sam's own page: visits, health, Breezy Braces, details.
  await sam.getByRole("link", { name: /Sam’s visits, health and details/ }).click();
  await expect(page).toHaveURL(/\/profile\/family\/\d+$/);
  await expectNoAxeViolations(page);
  const samPage = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sam Rivera");
  await expect(page.getByRole("region", { name: "Breezy Braces" })).toBeVisible();

  // 6. Another account can open neither the child's visit nor the child's page.
  const other = await newContext();
  try {
    const stranger = await other.newPage();
    await signUp(stranger, mailTo, uniqueEmail("family-other"), "Kim Lee");
    await visit(stranger, `/profile/appointments/${samToken}`, 404);
    await expect(stranger.getByRole("heading", { level: 1 })).toHaveText("We can’t find that visit");
    await visit(stranger, samPage, 404);
    // The link alone opens the visit but names nobody (issue 33 C).
    await visit(stranger, `/booking/confirmed/${samToken}`);
    await expect(stranger.getByText("Sam Rivera")).toHaveCount(0);
    await visit(stranger, "/profile");
    await expect(stranger.getByRole("region", { name: "Your family" })).not.toContainText("Rivera");
  } finally {
    await other.close();
  }

  if (!jsEnabled(testInfo)) requests.assertJsOff();
  expect(requests.pageErrors).toEqual([]);
});
