/**
 * schema.org descriptions of the brand and its studios for search engines (JSON-LD, issue 25 C). Pure: the
 * opening hours are the weekly hours the booking offers (providers' hours, merged per weekday), never the
 * studio's free-text line, so the two cannot disagree.
 */
export type WeeklyInterval = { weekday: number; startMinute: number; endMinute: number };

const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

const hhmm = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;

/** Overlapping or touching intervals of one weekday become one (two providers 8–12 and 11–17 → 8–17). */
export function mergeWeeklyHours(intervals: WeeklyInterval[]): WeeklyInterval[] {
  const sorted = [...intervals].sort((a, b) => a.weekday - b.weekday || a.startMinute - b.startMinute);
  const merged: WeeklyInterval[] = [];
  for (const i of sorted) {
    const last = merged.at(-1);
    if (last && last.weekday === i.weekday && i.startMinute <= last.endMinute) last.endMinute = Math.max(last.endMinute, i.endMinute);
    else merged.push({ ...i });
  }
  return merged;
}

export function openingHoursSpecification(intervals: WeeklyInterval[]) {
  return mergeWeeklyHours(intervals).map((i) => ({
    "@type": "OpeningHoursSpecification",
    dayOfWeek: `https://schema.org/${DAYS[i.weekday]}`,
    opens: hhmm(i.startMinute),
    closes: i.endMinute === 1440 ? "23:59" : hhmm(i.endMinute),
  }));
}

/** "1330 Boylston St, Boston, MA 02215" → its parts; a line we cannot read stays whole as the street. */
export function postalAddress(address: string) {
  const m = /^(.*),\s*([^,]+),\s*([A-Z]{2})\s+(\d{5}(?:-\d{4})?)$/.exec(address.trim());
  return m
    ? { "@type": "PostalAddress", streetAddress: m[1], addressLocality: m[2], addressRegion: m[3], postalCode: m[4], addressCountry: "US" }
    : { "@type": "PostalAddress", streetAddress: address, addressCountry: "US" };
}

export type DentistInput = {
  slug: string;
  name: string;
  address: string;
  phone: string;
  latitude: number | null;
  longitude: number | null;
  hours: WeeklyInterval[];
};

export function dentistJsonLd(studio: DentistInput, { siteOrigin, brand }: { siteOrigin: string; brand: string }) {
  return {
    "@type": "Dentist",
    "@id": `${siteOrigin}/studios#studio-${studio.slug}`,
    name: `${brand} ${studio.name}`,
    url: `${siteOrigin}/studios#studio-${studio.slug}`,
    address: postalAddress(studio.address),
    ...(studio.phone ? { telephone: `+1-${studio.phone.slice(0, 3)}-${studio.phone.slice(3, 6)}-${studio.phone.slice(6)}` } : {}),
    ...(studio.latitude != null && studio.longitude != null ? { geo: { "@type": "GeoCoordinates", latitude: studio.latitude, longitude: studio.longitude } } : {}),
    openingHoursSpecification: openingHoursSpecification(studio.hours),
    parentOrganization: { "@id": `${siteOrigin}/#organization` },
  };
}

export function organizationJsonLd({ siteOrigin, brand }: { siteOrigin: string; brand: string }) {
  return {
    "@type": "Organization",
    "@id": `${siteOrigin}/#organization`,
    name: brand,
    url: `${siteOrigin}/`,
    logo: `${siteOrigin}/logo.svg`,
  };
}

/** One JSON-LD document with its context. */
export const jsonLdGraph = (...nodes: object[]) => ({ "@context": "https://schema.org", "@graph": nodes });
