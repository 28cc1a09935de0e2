import { readFormPost } from "~/flow/forms.server";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { z } from "zod/v4";
import { PRIVATE_PAGE } from "~/auth/headers";
import { requirePatient } from "~/auth/sessions.server";
import { getDb } from "~/db/client.server";
import { i18nOf } from "~/i18n/locale.server";
import { metaT, useT } from "~/i18n/use-t";
import { BRAND as BRAND_NAME } from "~/platform/brand";
import { accountMayLeave, leaveWaitlist } from "~/waitlist/entries.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("waitlist.entries.meta", { brand: BRAND_NAME }) }, { name: "robots", content: "noindex" }];
export const headers = () => PRIVATE_PAGE;

// No loader that redirects to /profile: after a refused post (JavaScript off) Remix runs the route's loader to render
// the page, and its redirect replaced the 400 and its message. Opened by itself, the page leads back to /profile.

/** Leave one of the account's waitlist entries (the Leave button on /profile). */
export async function action({ request }: ActionFunctionArgs) {
  const patient = await requirePatient(request);
  const { form } = await readFormPost(request);
  const parsed = z.coerce.number().int().positive().max(2 ** 31 - 1).safeParse(form.get("entry"));
  const db = await getDb();
  if (!parsed.success || !(await accountMayLeave(db, patient, parsed.data))) {
    return json({ message: i18nOf(request).t("waitlist.entries.notYours") }, { status: 400, headers: PRIVATE_PAGE });
  }
  await leaveWaitlist(db, parsed.data);
  return redirect("/profile?waitlist=left#waitlist", { status: 303, headers: PRIVATE_PAGE });
}

export default function LeaveWaitlistRefused() {
  const t = useT();
  const refused = useActionData<typeof action>();
  return (
    <>
      <h1>{t("waitlist.entries.title")}</h1>
      {refused ? (
        <p className="notice notice-warning" role="alert">
          {refused.message}
        </p>
      ) : null}
      <p>
        <Link to="/profile#waitlist">{t("waitlist.entries.back")}</Link>
      </p>
    </>
  );
}
