import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { PRIVATE_PAGE } from "~/auth/headers";
import { metaT, useT } from "~/i18n/use-t";
import { BRAND as BRAND_NAME } from "~/platform/brand";
import { leaveFromProfile } from "~/waitlist/profile-entries.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("waitlist.entries.meta", { brand: BRAND_NAME }) }, { name: "robots", content: "noindex" }];
export const headers = () => PRIVATE_PAGE;

// No loader that redirects to /profile: after a refused post (JavaScript off) Remix runs the route's loader to render
// the page, and its redirect replaced the 400 and its message. Opened by itself, the page leads back to /profile.

/** Leave one of the account's waitlist entries (the Leave button on /profile). */
export const action = ({ request }: ActionFunctionArgs) => leaveFromProfile(request);

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
