import { dateTimeFormat } from "./intl-formats";

const DAYS = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 } as const;

/**
 * A studio's hours line ("Mon–Fri 8 AM–5 PM · Sat 9 AM–2 PM", kept in English in the catalogue) in a locale: day
 * names and times through Intl ("lun–vie 8 a.m.–5 p.m. · sáb 9 a.m.–2 p.m."), for every page and email that shows
 * it. English stays as written. The formatters are made once (intl-formats.ts, decision 029).
 */
export function openingHoursIn(line: string, locale: string): string {
  if (locale === "en-US") return line;
  const day = dateTimeFormat(locale, { weekday: "short", timeZone: "UTC" });
  const time = (minutes: boolean) => dateTimeFormat(locale, { hour: "numeric", ...(minutes ? { minute: "2-digit" } : {}), timeZone: "UTC" });
  return line
    .replace(/\b(Sun|Mon|Tue|Wed|Thu|Fri|Sat)\b/g, (name) => day.format(new Date(Date.UTC(2024, 0, 7 + DAYS[name as keyof typeof DAYS], 12))))
    .replace(/\b(\d{1,2})(?::(\d{2}))?\s?(AM|PM)\b/g, (_, h: string, m: string | undefined, half: string) => {
      const hour = (Number(h) % 12) + (half === "PM" ? 12 : 0);
      return time(Boolean(m && m !== "00"))
        .format(new Date(Date.UTC(2024, 0, 7, hour, Number(m ?? 0))))
        .replace(/[\u202f ]/g, "\u00a0"); // "7 p.m." never split over two lines
    });
}
