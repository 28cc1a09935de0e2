import { expect, type BrowserContext, type BrowserContextOptions, type Page } from "@playwright/test";
import { finish, next, step } from "./booking-journey";
import { useMailbox, uniqueEmail } from "./mailbox";
import { expectNoAxeViolations, test, visit } from "./support";

/**
 * The waitlist (issue 19 B, decision 022), with JavaScript off and on, reading the real emails: two patients join the
 * waitlist from the times page; a booked visit is cancelled; the offer email arrives; the first patient claims the
 * freed time from its link and books it; the second is told it is gone, stays on the list, and leaves it from the
 * email's link. Hostile values to the new forms are a 400 (or a 404 for an unknown link). axe on every page.
 */
const { mailTo } = useMailbox();
// Each project its own studio: the two runs' waitlists never meet.
const STUDIO = { "js-off": { slug: "post-office-square", name: "Post Office Square" }, "js-on": { slug: "south-boston", name: "South Boston" } };
const studioOf = () => STUDIO[test.info().project.name as keyof typeof STUDIO];
const local = (link: string) => new URL(link).pathname;

async function joinWaitlist(newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>, email: string): Promise<Page> {
  const context = await newContext();
  const page = await context.newPage();
  await page.goto(`/booking?service=CLNCHK&studio=${studioOf().slug}`);
  await ownStep(page, "/booking/times", "Choose a time");
  await page.getByRole("link", { name: "Join the waitlist" }).click();
  await ownStep(page, "/booking/waitlist", "Join the waitlist");
  await expect(page.getByText(`at ${studioOf().name}`)).toBeVisible();
  // The whole booking window, every part of the day (all ticked already).
  const until = page.getByLabel("Until");
  await until.fill((await until.getAttribute("max"))!);
  await page.getByLabel("Your email").fill(email);
  await next(page, "Join the waitlist");
  await ownStep(page, "/booking/waitlist/joined", "You’re on the waitlist");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You’re on the waitlist");
  const joined = await mailTo(email, /you are on the waitlist for Checkup & cleaning$/);
  expect(joined).toMatch(/Leave the waitlist: https:\/\/dental\.example\.com\/waitlist\/leave\/[A-Za-z0-9_-]{32}/);
  return page;
}

/** A step of this spec's own browser contexts: with JavaScript the URL changes before the next page has rendered. */
async function ownStep(page: Page, path: string, title: string) {
  await expect(page).toHaveTitle(`${title} — Book a visit`);
  await step(page, path);
}

/** From the details step to the booked page (the claim already chose studio, service, time and email). */
async function bookFromDetails(page: Page, email: string) {
  await ownStep(page, "/booking/contact-info", "Your details");
  await page.getByLabel("First name").fill("Sam");
  await page.getByLabel("Last name").fill("Lee");
  await page.getByLabel("Mobile number").fill("(617) 555-0111");
  const dob = page.getByRole("group", { name: "Date of birth" });
  await dob.getByLabel("Month").fill("3");
  await dob.getByLabel("Day").fill("9");
  await dob.getByLabel("Year").fill("1985");
  await page.getByLabel("Mint").check();
  await page.getByLabel("Comedy").check();
  await next(page);
  await ownStep(page, "/booking/insurance", "Insurance");
  await page.getByLabel("Guardian").check();
  await next(page);
  await ownStep(page, "/booking/insurance-status", "About your insurance");
  await next(page);
  await ownStep(page, "/booking/payment-info", "Card to hold your appointment");
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry month").selectOption("12");
  await page.getByLabel("Expiry year").fill(String(new Date().getFullYear() + 4));
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByLabel("Name on card").fill("Sam Lee");
  await next(page, "Save card and continue");
  await ownStep(page, "/booking/confirmation", "Review and book");
  await expect(page.getByText(email)).toBeVisible();
  await next(page, "Book appointment");
  await expect(page).toHaveURL(/\/booking\/confirmed\//);
}

test("a cancel's freed time is offered to the waitlist by email; the first claimer books it, the second is told it is gone and leaves the list", async ({ page, newContext }) => {
  test.setTimeout(300_000);
  const first = uniqueEmail("waitlist-first");
  const second = uniqueEmail("waitlist-second");
  const holder = uniqueEmail("waitlist-holder");

  // Someone holds a visit at the studio.
  await page.goto("/booking?service=CLNCHK&market=boston");
  const token = await finish(page, { studio: studioOf().name, email: holder, card: true, comfort: "cleaning", laterWeek: true });
  const booked = await mailTo(holder, /^Studio Dental: your Checkup & cleaning on /);
  const when = /^Subject: Studio Dental: your Checkup & cleaning on (.*)$/m.exec(booked)![1].trim();

  const firstPage = await joinWaitlist(newContext, first);
  const secondPage = await joinWaitlist(newContext, second);

  // The visit is cancelled: the time frees up.
  await page.goto(`/booking/confirmed/${token}/cancel`);
  await next(page, "Cancel my visit");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This appointment was cancelled");

  // Both are offered it (a batch of three, oldest first), each with their own claim link.
  const offerFirst = await mailTo(first, /^Studio Dental: a time for your Checkup & cleaning on /);
  const offerSecond = await mailTo(second, /^Studio Dental: a time for your Checkup & cleaning on /);
  expect(offerFirst).toContain(`on ${when}`);
  const claimFirst = /Claim this time: (https:\/\/dental\.example\.com\/waitlist\/offer\/[A-Za-z0-9_-]{32})/.exec(offerFirst)![1];
  const claimSecond = /Claim this time: (https:\/\/dental\.example\.com\/waitlist\/offer\/[A-Za-z0-9_-]{32})/.exec(offerSecond)![1];
  expect(claimFirst).not.toBe(claimSecond);

  // The first claims it: the booking opens at that studio, service and time, on the details step.
  await visit(firstPage, local(claimFirst));
  await expect(firstPage.getByRole("heading", { level: 1 })).toHaveText("A time for you");
  await next(firstPage, "Claim this time");
  await expect(firstPage.getByText(studioOf().name).first()).toBeVisible();
  // Held for the claimer while they finish (the hold, SLOT_HOLD_MINUTES).
  await expect(firstPage.getByText(/Held for you until/)).toBeVisible();
  await bookFromDetails(firstPage, first);
  await mailTo(first, /^Studio Dental: your Checkup & cleaning on /);

  // The second is told it is gone, and stays on the list…
  await visit(secondPage, local(claimSecond));
  await expect(secondPage.getByRole("heading", { level: 1 })).toHaveText("That time is taken");
  await expect(secondPage.getByText("You’re still on the waitlist")).toBeVisible();

  // …until they leave it from the email's one-click link (a button: mail scanners open links).
  const leave = /Leave the waitlist: (https:\/\/dental\.example\.com\/waitlist\/leave\/[A-Za-z0-9_-]{32})/.exec(offerSecond)![1];
  await visit(secondPage, local(leave));
  await next(secondPage, "Leave the waitlist");
  await expect(secondPage.getByText("You’re off this waitlist.")).toBeVisible();
  await expectNoAxeViolations(secondPage);
  await firstPage.context().close();
  await secondPage.context().close();
});

test("the waitlist's forms refuse hostile values: 400 with the messages and the values kept; unknown links are a 404", async ({ page }) => {
  await page.goto(`/booking?service=CLNCHK&studio=${studioOf().slug}`);
  await visit(page, "/booking/waitlist");
  await page.getByLabel("From").fill("2020-01-01");
  await page.getByLabel("Until").fill("2019-12-31");
  for (const part of ["Morning", "Afternoon", "Evening"]) await page.getByLabel(part).uncheck();
  await page.getByLabel("Your email").fill("not an email");
  const answer = page.waitForResponse((r) => r.request().method() === "POST");
  await page.getByRole("button", { name: "Join the waitlist" }).click();
  expect((await answer).status()).toBe(400);
  await page.waitForLoadState("load");
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary).toContainText("The first day can’t be in the past.");
  await expect(summary).toContainText("The last day must be on or after the first day.");
  await expect(summary).toContainText("Choose at least one part of the day.");
  await expect(summary).toContainText("Enter an email address like name@example.com.");
  await expect(page.getByLabel("Your email")).toHaveValue("not an email");
  await expectNoAxeViolations(page);

  // Forged values posted straight to the server (no browser form).
  const forged = await page.request.post("/booking/waitlist", {
    form: { firstDay: "'; drop table waitlist_entries; --", lastDay: "9999-99-99", parts: "midnight", email: "x".repeat(400) },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(forged.status()).toBe(400);
  const crossSite = await page.request.post("/booking/waitlist", { form: { firstDay: "2030-01-01" }, headers: { Origin: "https://evil.example" } });
  expect(crossSite.status()).toBe(403);

  await visit(page, "/waitlist/offer/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", 404);
  await visit(page, "/waitlist/leave/not-a-token", 404);
  const forgedLeave = await page.request.post("/waitlist/leave/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", { headers: { Origin: new URL(page.url()).origin } });
  expect(forgedLeave.status()).toBe(404);
});
