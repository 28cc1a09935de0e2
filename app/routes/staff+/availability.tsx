import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { SHAPERS } from "~/console/availability.server";
import { viewerStudio } from "~/console/scope.server";
import { requireStaff } from "~/console/staff.server";
import { availabilityPath } from "~/ui/console-availability";

/** `/staff/availability?studio=…&page=…`: the menu's link and the studio switcher land here and go to the page's own path. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStaff(request, SHAPERS);
  const query = new URL(request.url).searchParams;
  const slug = query.get("studio") ?? user.studios[0]?.slug;
  if (!slug) throw redirect("/staff");
  const studio = viewerStudio(user, slug);
  const page = query.get("page");
  throw redirect(availabilityPath(studio.slug, page === "time-off" || page === "closures" ? page : "hours"));
}
