/**
 * What a booking or intake step sends a phone (issue 34 F, decision 048): HTML with its CSS at most 14 KB gzip as a browser's
 * first page and less on the next ones (the CSS then linked from the browser's cache), in English and Spanish; and
 * every word a step's document carries also reaches a client navigation to it (the root's `?_data=root`), so a page
 * opened in the browser shows no message key. Measured on the production build `npm test` makes before vitest runs,
 * with bench/journey-bytes.ts's journey (which prints the same figures).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { templateDataDir } from "../helpers/db";
import { bookingJourney, FIRST_PAGE_BUDGET_KB, intakeJourney, productionHandler, type StepBytes } from "../../bench/journey-bytes";

const JOURNEYS = [
  ["booking", "en-US"],
  ["booking", "es-US"],
  ["intake", "en-US"],
  ["intake", "es-US"],
] as const;
/** Each journey must reach its last page, or the figures below would be of a shorter walk. */
const EXPECTED_PATHS = {
  booking: ["/booking/markets", "/booking/times", "/booking/contact-info", "/booking/insurance", "/booking/payment-info", "/booking/confirmation", "/booking/confirmed/$token"],
  intake: ["/intake", "/intake/insurance/provider", "/intake/insurance/card", "/intake/insurance/results", "/intake/personal/medical-conditions", "/intake/check-answers", "/intake/confirmation"],
};
let close: () => Promise<void>;
const journeys = new Map<string, StepBytes[]>();

beforeAll(async () => {
  const production = await productionHandler(process.cwd(), templateDataDir("dental-journey-bytes-"));
  close = production.close;
  for (const [name, locale] of JOURNEYS) journeys.set(`${name} ${locale}`, await (name === "booking" ? bookingJourney : intakeJourney)(production.handle, locale));
}, 120_000);
afterAll(() => close?.());

describe.each(JOURNEYS)("the %s journey in %s", (name, locale) => {
  const key = `${name} ${locale}`;
  it("walks the journey to its last page (the figures below are of real steps)", () => {
    expect(journeys.get(key)!.map((s) => s.path)).toEqual(expect.arrayContaining(EXPECTED_PATHS[name]));
  });

  it(`sends every step as a first page in at most ${FIRST_PAGE_BUDGET_KB} KB of HTML and CSS, gzip, and less as a next page`, () => {
    const over = journeys
      .get(key)!
      .filter((s) => s.firstGzip > FIRST_PAGE_BUDGET_KB * 1024 || s.nextGzip >= s.firstGzip)
      .map((s) => `${s.path}: first ${(s.firstGzip / 1024).toFixed(1)} KB, next ${(s.nextGzip / 1024).toFixed(1)} KB`);
    expect(over).toEqual([]);
  });

  it("carries only the words its page uses, not its section's catalogue", () => {
    // The booking section's namespaces hold about 700 keys with `common`; a step's scripts and render name about 100.
    for (const step of journeys.get(key)!) expect(step.documentKeys.length, step.path).toBeLessThan(250);
  });

  it("gives a client navigation to a step every word that step's document carries", () => {
    const missing = journeys
      .get(key)!
      .flatMap((s) => s.documentKeys.filter((key) => !s.navigationKeys.includes(key)).map((key) => `${s.path}: ${key}`));
    expect(missing).toEqual([]);
  });
});
