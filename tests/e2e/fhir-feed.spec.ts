/**
 * The open slot feed (SMART Scheduling Links, issue 30 D, decision 064), from outside: the manifest and a studio's
 * Slot file parse; a free time's booking link opens "Book this time", whose button holds the time and goes on to the
 * booking's next step; the visit is booked (JavaScript off and on, axe on every page); a link whose time is no longer
 * free lands on the times page saying so.
 */
import { expect } from "@playwright/test";
import { detailsAndInsurance, payByCard, step } from "./booking-journey";
import { jsEnabled, next, shoot, test, visit, watchEveryTest } from "./support";

watchEveryTest();

type Slot = { schedule: { reference: string }; status: string; start: string; extension?: { url: string; valueUrl?: string }[] };
const DEEP_LINK = "http://fhir-registry.smarthealthit.org/StructureDefinition/booking-deep-link";

test("a free time's booking link from the feed books that visit", async ({ page, request }, testInfo) => {
  const manifest = await (await request.get("/fhir/$bulk-publish")).json();
  const slotFile = (manifest.output as { type: string; url: string }[]).find((o) => o.url.endsWith("/Slot-fenway.ndjson"))!;
  expect(slotFile.type).toBe("Slot");
  const answer = await request.get(new URL(slotFile.url).pathname);
  expect(answer.headers()["content-type"]).toBe("application/fhir+ndjson; charset=utf-8");
  const slots = (await answer.text()).split("\n").filter(Boolean).map((l) => JSON.parse(l) as Slot);
  // A cleaning a week ahead or more (well past the notice), a different one per project (they run side by side).
  const weekAhead = Date.now() + 7 * 86_400_000;
  const free = slots.filter((s) => s.schedule.reference === "Schedule/fenway.CLNCHK" && s.status === "free" && new Date(s.start).getTime() > weekAhead);
  const chosen = free[jsEnabled(testInfo) ? 3 : 11];
  const link = new URL(chosen.extension!.find((e) => e.url === DEEP_LINK)!.valueUrl!);

  await visit(page, link.pathname + link.search);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Book this time");
  await expect(page.getByText("Checkup & cleaning at Fenway")).toBeVisible();
  await shoot(page, "slot-link", testInfo);
  await next(page, "Hold this time and continue");

  await detailsAndInsurance(page, { email: `feed-${testInfo.project.name}-${Date.now()}@example.com`, comfort: "cleaning" });
  await payByCard(page);
  await step(page, "/booking/confirmation");
  await next(page, "Book appointment");
  await expect(page).toHaveURL(/\/booking\/confirmed\//);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/booked/i);

  // The booked visit is at the link's time: its calendar file says so.
  const token = new URL(page.url()).pathname.split("/").pop()!;
  const ics = await (await request.get(`/booking/confirmed/${token}/calendar.ics`)).text();
  expect(ics).toContain(`DTSTART;TZID=America/New_York:${chosen.start.slice(0, 19).replace(/[-:]/g, "")}`);
});

test("a link whose time is no longer free lands on the times page saying so", async ({ page }, testInfo) => {
  // Yesterday's time: past its notice, as stale as a link gets.
  const start = new Date(Date.now() - 86_400_000);
  start.setUTCHours(15, 0, 0, 0);
  await page.goto(`/booking/slot?studio=fenway&service=CLNCHK&start=${start.toISOString().replace(".000Z", "Z")}`);
  await expect(page).toHaveURL(/\/booking\/times\?from=link/);
  await expect(page.getByRole("alert")).toHaveText("The time in your link is no longer free. Here are the times still open — please pick another.");
  await step(page, "/booking/times");
  await shoot(page, "slot-link-gone", testInfo);
  // A link that is not one of ours: a 400 page with the way to book.
  await visit(page, "/booking/slot?studio=fenway&service=CLNCHK&start=soon", 400);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link does not open a time");
});
