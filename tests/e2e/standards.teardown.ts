/**
 * After every e2e test (project `standards`, the teardown of `standards-setup`): all the pages and emails the
 * run received, validated in one pass by the Nu Html Checker, with the page rules (one title per kind of page,
 * descriptions, no canonical on error pages) and every calendar file read by ical.js. Zero problems is the bar.
 */
import { expect, test } from "@playwright/test";
import { checkCaptured, emailWasReceived } from "../standards/captured";

test("every page, email and calendar file the run received is valid", async () => {
  test.setTimeout(600_000);
  const started = Date.now();
  const { problems, counts } = await checkCaptured();
  console.info(
    `[standards] ${counts.pages} pages, ${counts.emails} emails, ${counts.calendars} calendar files checked in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  // Nothing captured is a broken capture, not a clean run: every spec opens pages, and an email the mailbox received
  // must have been captured too (a run of specs that send none, e.g. one spec alone, needs no email).
  expect(counts.pages, "no page was captured: the capture (tests/e2e/support.ts) is broken").toBeGreaterThan(0);
  if (emailWasReceived()) expect(counts.emails, "the mailbox received emails but none was captured (tests/e2e/mailbox.ts)").toBeGreaterThan(0);
  expect(problems, problems.join("\n")).toEqual([]);
});
