import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { readFormPost } from "~/flow/forms.server";
import { clearStaffCookie, endStaffSessions } from "~/console/staff.server";

/** POST only (a link never signs anyone out): this session, or every session of this person. */
export async function action({ request }: ActionFunctionArgs) {
  const { form } = await readFormPost(request);
  await endStaffSessions(request, form.get("everywhere") === "1");
  throw redirect("/staff/login", { headers: { "Set-Cookie": clearStaffCookie() } });
}

export const loader = () => redirect("/staff");
