import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { z } from "zod/v4";
import { PRIVATE_PAGE } from "~/auth/headers";
import { requirePatient } from "~/auth/sessions.server";
import { getDb } from "~/db/client.server";
import { readForm } from "~/platform/form-data.server";
import { accountMayLeave, leaveWaitlist } from "~/waitlist/entries.server";

export const meta: MetaFunction = () => [{ title: "Leaving a waitlist — Studio Dental" }, { name: "robots", content: "noindex" }];
export const headers = () => PRIVATE_PAGE;

/** Nothing to show by itself: the entries are on /profile. */
export const loader = () => redirect("/profile#waitlist");

/** Leave one of the account's waitlist entries (the Leave button on /profile). */
export async function action({ request }: ActionFunctionArgs) {
  const patient = await requirePatient(request);
  const form = await readForm(request);
  const parsed = z.coerce.number().int().positive().max(2 ** 31 - 1).safeParse(form.get("entry"));
  const db = await getDb();
  if (!parsed.success || !(await accountMayLeave(db, patient, parsed.data))) {
    return json({ message: "That waitlist entry isn’t one of yours any more. Your profile shows the ones you have." }, { status: 400, headers: PRIVATE_PAGE });
  }
  await leaveWaitlist(db, parsed.data);
  return redirect("/profile?waitlist=left#waitlist", { status: 303, headers: PRIVATE_PAGE });
}

export default function LeaveWaitlistRefused() {
  return (
    <>
      <h1>Waitlist</h1>
      <p className="notice notice-warning" role="alert">
        That waitlist entry isn’t one of yours any more. Your profile shows the ones you have.
      </p>
      <p>
        <Link to="/profile#waitlist">Back to your profile</Link>
      </p>
    </>
  );
}
