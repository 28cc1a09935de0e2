/**
 * What a booking step sends a phone (issue 34 F, decision 048): HTML with its CSS at most 14 KB gzip as a browser's
 * first page and less on the next ones (the CSS then linked from the browser's cache), in English and Spanish; and
 * every word a step's document carries also reaches a client navigation to it (the root's `?_data=root`), so a page
 * opened in the browser shows no message key. Measured on the production build `npm test` makes before vitest runs,
 * with bench/journey-bytes.ts's journey (which prints the same figures).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingJourney, FIRST_PAGE_BUDGET_KB, productionHandler, type StepBytes } from "../../bench/journey-bytes";

const LOCALES = ["en-US", "es-US"];
let close: () => Promise<void>;
const journeys = new Map<string, StepBytes[]>();

beforeAll(async () => {
  const production = await productionHandler();
  close = production.close;
  for (const locale of LOCALES) journeys.set(locale, await bookingJourney(production.handle, locale));
});
afterAll(() => close?.());

describe.each(LOCALES)("the booking journey in %s", (locale) => {
  it("walks the journey past the contact details (the figures below are of real steps)", () => {
    const paths = journeys.get(locale)!.map((s) => s.path);
    expect(paths).toEqual(expect.arrayContaining(["/booking/markets", "/booking/times", "/booking/contact-info", "/booking/insurance"]));
  });

  it(`sends every step as a first page in at most ${FIRST_PAGE_BUDGET_KB} KB of HTML and CSS, gzip, and less as a next page`, () => {
    const over = journeys
      .get(locale)!
      .filter((s) => s.firstGzip > FIRST_PAGE_BUDGET_KB * 1024 || s.nextGzip >= s.firstGzip)
      .map((s) => `${s.path}: first ${(s.firstGzip / 1024).toFixed(1)} KB, next ${(s.nextGzip / 1024).toFixed(1)} KB`);
    expect(over).toEqual([]);
  });

  it("carries only the words its page uses, not its section's catalogue", () => {
    // The booking section's namespaces hold about 700 keys with `common`; a step's scripts and render name about 100.
    for (const step of journeys.get(locale)!) expect(step.documentKeys.length, step.path).toBeLessThan(250);
  });

  it("gives a client navigation to a step every word that step's document carries", () => {
    const missing = journeys
      .get(locale)!
      .flatMap((s) => s.documentKeys.filter((key) => !s.navigationKeys.includes(key)).map((key) => `${s.path}: ${key}`));
    expect(missing).toEqual([]);
  });
});
