// US federal holidays (5 U.S.C. 6103), the demo default for studio closures (decision 009). Pure.

const key = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
const weekday = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d)).getUTCDay();

/** The n-th given weekday (0 = Sunday) of a month; n = -1 is the last. */
function nth(y: number, m: number, wd: number, n: number): number {
  if (n > 0) return 1 + ((wd - weekday(y, m, 1) + 7) % 7) + (n - 1) * 7;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return last - ((weekday(y, m, last) - wd + 7) % 7);
}

/**
 * The federal holidays of a year by name, in date order: each on its date and, when that is a weekend, also on the
 * weekday it is observed (the same days as usFederalHolidays, which the studios close on).
 */
export function namedFederalHolidays(year: number): { day: string; name: string }[] {
  const days: { day: string; name: string }[] = [];
  const fixed = (m: number, d: number, name: string) => {
    const wd = weekday(year, m, d);
    days.push({ day: key(year, m, d), name });
    if (wd === 6 || wd === 0) days.push({ day: new Date(Date.UTC(year, m - 1, d + (wd === 6 ? -1 : 1))).toISOString().slice(0, 10), name: `${name} (observed)` });
  };
  fixed(1, 1, "New Year’s Day");
  fixed(6, 19, "Juneteenth");
  fixed(7, 4, "Independence Day");
  fixed(11, 11, "Veterans Day");
  fixed(12, 25, "Christmas Day");
  days.push(
    { day: key(year, 1, nth(year, 1, 1, 3)), name: "Martin Luther King Jr. Day" },
    { day: key(year, 2, nth(year, 2, 1, 3)), name: "Washington’s Birthday" },
    { day: key(year, 5, nth(year, 5, 1, -1)), name: "Memorial Day" },
    { day: key(year, 9, nth(year, 9, 1, 1)), name: "Labor Day" },
    { day: key(year, 10, nth(year, 10, 1, 2)), name: "Columbus Day" },
    { day: key(year, 11, nth(year, 11, 4, 4)), name: "Thanksgiving Day" },
  );
  return days.sort((a, b) => a.day.localeCompare(b.day));
}

/**
 * The federal holidays of a year as 'YYYY-MM-DD', each on its date and, when it falls on a weekend,
 * also on the weekday it is observed (Saturday → Friday, Sunday → Monday): the days the studios close.
 */
export function usFederalHolidays(year: number): string[] {
  return namedFederalHolidays(year).map((h) => h.day);
}
