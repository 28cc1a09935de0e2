import { readFileSync } from "node:fs";
import { expect } from "@playwright/test";
import { test } from "./support";
import { step } from "./booking-journey";
import { captureHtml } from "../standards/captured";
import { next } from "./mailbox";
import { expectNoAxeViolations, visit } from "./support";

/**
 * Recall (issue 20 B), JS off and on, axe on every page. The accounts, their last checkup five and a half months
 * ago and the "due soon" email the real sender queued for them are made before the server starts
 * (tests/fixtures/recall-e2e.ts): the profile's next checkup line and its Book link to the same studio and service,
 * the email's HTML, and its unsubscribe page (stop, turn back on, a mail client's one-click post, an unknown link).
 */
const PASSWORD = "correct horse battery staple";
const fixtures = () =>
  JSON.parse(readFileSync(`/tmp/dental-e2e-recall-${process.env.E2E_PORT ?? 3210}.json`, "utf8")) as Record<string, { email: string; studio: string; outboxId: number; unsubscribePath: string }>;

test("recall: the profile's next checkup and its Book link, the email, and stopping the emails from its link", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const mine = fixtures()[testInfo.project.name];

  await visit(page, "/login");
  await page.getByLabel("Email address").fill(mine.email);
  await next(page, "Continue");
  await step(page, "/login/password");
  await page.getByLabel("Password").fill(PASSWORD);
  await next(page, "Log in");

  await visit(page, "/profile");
  const recall = page.getByRole("region", { name: "Next checkup" });
  await expect(recall).toContainText("Robin Patel");
  await expect(recall).toContainText(/Next checkup due in (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}/);
  const book = recall.getByRole("link", { name: "Book" });
  await expect(book).toHaveAttribute("href", `/booking?service=CLNCHK&studio=${mine.studio}`);
  await book.click();
  // The booking opens past the service and studio choices, at the same studio.
  await expect(page).toHaveURL(/\/booking\/(?!services|studios|markets)/);
  await expectNoAxeViolations(page);

  // The email as queued (read from the dev outbox, not shown as a page): validated with the emails at the end.
  const emailUrl = `/dev/outbox/${mine.outboxId}/email.html`;
  const html = await (await page.request.get(emailUrl)).text();
  captureHtml(html, { kind: "email", url: emailUrl, from: `recall email [${testInfo.project.name}]` });
  expect(html).toMatch(/<h1[^>]*>Your next checkup is due in \w+ \d{4}<\/h1>/);
  expect(html).toContain(`href="https://dental.example.com/booking?service=CLNCHK&amp;studio=${mine.studio}"`);
  expect(html).toContain(`href="https://dental.example.com${mine.unsubscribePath}"`);

  // Opening the link changes nothing; the button stops the emails; the done page can turn them back on.
  const opened = await visit(page, mine.unsubscribePath);
  expect(opened?.headers()["referrer-policy"].split(/[,\n]/).map((v) => v.trim()).at(-1)).toBe("no-referrer");
  await expect(page).toHaveTitle("Stop checkup reminders — Studio Dental");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Stop checkup reminders?");
  await next(page, "Stop checkup reminders");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You won’t get checkup reminders");
  await expect(page).toHaveTitle("Checkup reminders stopped — Studio Dental");
  await expect(page.getByRole("status")).toContainText("we’ve stopped the emails");
  await expectNoAxeViolations(page);
  await next(page, "Turn checkup reminders back on");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Stop checkup reminders?");
  await expect(page.getByRole("status")).toHaveText("Checkup reminders are back on.");
  await expectNoAxeViolations(page);

  // A mail client's one-click unsubscribe (RFC 8058): a plain POST without a page.
  const oneClick = await page.request.post(mine.unsubscribePath, { form: { "List-Unsubscribe": "One-Click" }, maxRedirects: 0 });
  expect(oneClick.status()).toBe(303);
  await visit(page, mine.unsubscribePath);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You won’t get checkup reminders");
  await expect(page.getByRole("status")).toHaveCount(0);

  // An unknown link is the site's 404.
  await visit(page, `/recall/unsubscribe/${"A".repeat(32)}`, 404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("We can’t find that link");
});
