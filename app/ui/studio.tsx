import { useLocale, useT } from "~/i18n/use-t";
import { dateTimeFormat } from "~/rules/intl-formats";
import { PhoneLink } from "./phone-link";

/** What a page knows of a studio to tell a patient where to go and how to call. */
export type StudioContactInfo = {
  name: string;
  address: string;
  phone: string;
  openingHours: string;
  mapUrl: string | null;
  isVirtual: boolean;
};

const DAYS = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 } as const;

/**
 * A studio's hours line ("Mon–Fri 8 AM–5 PM · Sat 9 AM–2 PM", kept in English in the catalogue) in a locale:
 * day names and times through Intl ("lun–vie 8 a.m.–5 p.m. · sáb 9 a.m.–2 p.m."). English stays as written.
 */
export function hoursIn(line: string, locale: string): string {
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

/**
 * The studio's address, hours, phone (a tel: link) and a map link; a video visit says so instead. Its words are in
 * `common`: the card shows on marketing, booking and visit pages alike.
 */
export function StudioContact({ studio, showAddress = true }: { studio: StudioContactInfo; showAddress?: boolean }) {
  const locale = useLocale();
  const t = useT();
  if (studio.isVirtual) {
    return (
      <span className="studio-facts">
        {showAddress ? <span>{t("common.studio.videoVisit")}</span> : null}
        {studio.phone ? (
          <span>
            {t("common.studio.questionsCall")} <PhoneLink phone={studio.phone} />
          </span>
        ) : null}
      </span>
    );
  }
  return (
    <span className="studio-facts">
      {showAddress && studio.address ? <span className="studio-address">{studio.address}</span> : null}
      {studio.openingHours ? <span>{hoursIn(studio.openingHours, locale)}</span> : null}
      <span className="studio-links">
        {studio.phone ? <PhoneLink phone={studio.phone} /> : null}
        {studio.mapUrl ? (
          <a href={studio.mapUrl} rel="noopener noreferrer" target="_blank">
            {t("common.studio.map")}
            <span className="visually-hidden">{t("common.studio.mapOf", { name: studio.name })}</span>
          </a>
        ) : null}
      </span>
    </span>
  );
}
