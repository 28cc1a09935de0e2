import { addDays, instantOfWall } from "./zoned-time";

/**
 * Recall (issue 20 B): after a completed visit of a service with a recall interval, the next one is due that many
 * months later (the visit's date in its studio's zone, plus the months; the 31st becomes the month's last day).
 * Four weeks before the due date one email, on the due date one more if nothing is booked; both at 9 AM studio time.
 * The dates are computed by the database (app/recall/recall.server.ts) from these numbers; what the patient reads
 * is said here.
 */
import { dateTimeFormat } from "./intl-formats";

export const RECALL_LEAD_DAYS = 28;
/** The time of day, in the studio's zone, recall emails go out: a morning email, not one at midnight. */
export const RECALL_SEND_TIME = "09:00";

/**
 * The "due soon" email goes on its own day or not at all (issue 33 C): sent later (senders down, a deployment)
 * it would say "it's almost time" weeks late, and on the due date land beside the due email.
 */
export function dueSoonMissed(dueOn: string, today: string): boolean {
  return today > addDays(dueOn, -RECALL_LEAD_DAYS);
}

/** RECALL_SEND_TIME on a 'YYYY-MM-DD' day in a zone: when a recall email held back a day goes. */
export function recallSendTime(day: string, tz: string): Date {
  const [y, m, d] = day.split("-").map(Number);
  const [hour, minute] = RECALL_SEND_TIME.split(":").map(Number);
  return new Date(instantOfWall(Date.UTC(y, m - 1, d, hour, minute), tz).instant);
}
/** A due email not sent within this many days of the due date (the senders were down) is not sent late. */
export const RECALL_GRACE_DAYS = 30;

/** The reader's `t` (app/i18n), typed here so rules import nothing of the app. */
type T = (key: string, vars?: Record<string, string | number>) => string;
const DEFAULT_LOCALE = "en-US";

export type RecallKind = "due_soon" | "due";

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "2027-06-14" → "June 2027" (es-US: "junio de 2027"). */
export function recallMonth(dueOn: string, locale = DEFAULT_LOCALE): string {
  const [year, month] = dueOn.split("-").map(Number);
  if (locale === DEFAULT_LOCALE) return `${MONTHS[month - 1]} ${year}`;
  return dateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(year, month - 1, 15)));
}

/** The booking deep link of a recall: the same service at the same studio (funnel.ts applyDeepLink). */
export function recallBookingHref(serviceCode: string, studioSlug: string): string {
  return `/booking?${new URLSearchParams({ service: serviceCode, studio: studioSlug })}`;
}

/** What the patient calls the visit: "checkup" for a checkup and cleaning, else the service's name. */
export function recallNoun(service: { code: string; name: string }, t: T): string {
  return service.code === "CLNCHK" ? t("recall.noun.checkup") : service.name.toLowerCase();
}

/** The profile's line for a person's next visit of a recall service; overdue once the due month has passed. */
export function recallDueLine(service: { code: string; name: string }, dueOn: string, today: string, t: T, locale = DEFAULT_LOCALE): string {
  const vars = { what: recallNoun(service, t), month: recallMonth(dueOn, locale) };
  return dueOn.slice(0, 7) < today.slice(0, 7) ? t("recall.line.overdue", vars) : t("recall.line.next", vars);
}
