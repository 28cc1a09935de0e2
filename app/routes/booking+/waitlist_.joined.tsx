import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PRIVATE_PAGE } from "~/auth/headers";
import { metaT, useT } from "~/i18n/use-t";
import { joinedPage } from "~/waitlist/join.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("waitlist.joined.meta") }, { name: "robots", content: "noindex" }];
export const headers = () => PRIVATE_PAGE;

export const loader = ({ request }: LoaderFunctionArgs) => joinedPage(request);

export default function WaitlistJoined() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const place = { service: data.serviceName, studio: data.studioName };
  return (
    <div className="page narrow">
      <h1>{t("waitlist.joined.title")}</h1>
      <p className="lead">{data.days ? t("waitlist.joined.leadWhen", { ...place, days: data.days, parts: data.parts ?? "" }) : t("waitlist.joined.lead", place)}</p>
      <div className="notice notice-success">
        <p>{t("waitlist.joined.sent")}</p>
      </div>
      <p>{t("waitlist.joined.how")}</p>
      <p>
        <Link to="/booking/times">{t("waitlist.joined.back")}</Link>
      </p>
    </div>
  );
}
