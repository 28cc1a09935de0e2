import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { dayPath } from "~/console/paths";
import { homeOf, viewerStudio } from "~/console/scope.server";
import { requireStaff } from "~/console/staff.server";
import { isDayKey, localToday } from "~/rules/zoned-time";

/** `/staff/day?studio=…&date=…`: the switcher's and the date picker's GET forms land here and go to the day's own path. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStaff(request);
  const query = new URL(request.url).searchParams;
  const slug = query.get("studio");
  if (!slug) throw redirect(homeOf(user) ?? "/staff");
  const studio = viewerStudio(user, slug);
  const date = query.get("date") ?? "";
  throw redirect(dayPath(studio.slug, isDayKey(date) ? date : localToday(new Date(), studio.tz)));
}
