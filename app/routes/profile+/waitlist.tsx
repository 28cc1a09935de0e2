import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { z } from "zod/v4";
import { PRIVATE_PAGE } from "~/auth/headers";
import { requirePatient } from "~/auth/sessions.server";
import { getDb } from "~/db/client.server";
import { i18nOf } from "~/i18n/locale.server";
import { metaT, useT } from "~/i18n/use-t";
import { readForm } from "~/platform/form-data.server";
import { BRAND_NAME } from "~/ui/brand";
import { accountMayLeave, leaveWaitlist } from "~/waitlist/entries.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("waitlist.entries.meta", { brand: BRAND_NAME }) }, { name: "robots", content: "noindex" }];
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
    return json({ message: i18nOf(request).t("waitlist.entries.notYours") }, { status: 400, headers: PRIVATE_PAGE });
  }
  await leaveWaitlist(db, parsed.data);
  return redirect("/profile?waitlist=left#waitlist", { status: 303, headers: PRIVATE_PAGE });
}

export default function LeaveWaitlistRefused() {
  const t = useT();
  return (
    <>
      <h1>{t("waitlist.entries.title")}</h1>
      <p className="notice notice-warning" role="alert">
        {t("waitlist.entries.notYours")}
      </p>
      <p>
        <Link to="/profile#waitlist">{t("waitlist.entries.back")}</Link>
      </p>
    </>
  );
}
