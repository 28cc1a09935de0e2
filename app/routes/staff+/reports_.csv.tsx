import type { LoaderFunctionArgs } from "@remix-run/node";
import { reportCsv } from "~/console/reports.server";
import { requireStaff } from "~/console/staff.server";

/** `/staff/reports/csv?…&table=…`: one table of the reports page, streamed; the page's scope rules (decision 077). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStaff(request, ["manager", "admin"]);
  return reportCsv(user, new URL(request.url));
}
