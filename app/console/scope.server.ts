import { studioTimezone } from "~/rules/timezones";
import { localToday } from "~/rules/zoned-time";
import { dayPath } from "./paths";
import type { StaffUser } from "./staff.server";
import { requireStudio } from "./staff.server";

/** A studio of the viewer's with its zone, or a thrown 404. */
export function viewerStudio(user: StaffUser, slug: string) {
  const studio = requireStudio(user, slug);
  return { ...studio, tz: studioTimezone(studio.slug, studio.tz) };
}

/** Where /staff takes someone: their first studio's day, today there. */
export function homeOf(user: StaffUser, now = new Date()): string | null {
  const first = user.studios[0];
  if (!first) return null;
  return dayPath(first.slug, localToday(now, studioTimezone(first.slug, first.tz)));
}
