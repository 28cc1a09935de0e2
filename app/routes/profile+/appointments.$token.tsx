import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { visitPage } from "~/account/manage-visit.server";
import { PRIVATE_PAGE } from "~/auth/headers";
import { intakeLinkOf } from "~/intake/store.server";
import {
  changeOf,
  IntakeNotice,
  ManageVisit,
  VisitChangedBanner,
  VisitFactsList,
  visitTitle,
} from "~/ui/visit";
import { VisitFor } from "~/ui/visit-for";
import { metaT, useT } from "~/i18n/use-t";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: visitTitle(metaT(matches), data?.facts, { area: true }) },
  { name: "robots", content: "noindex" },
];
export const headers = () => PRIVATE_PAGE;

/** A visit of the logged-in patient's; anyone else's, and any unknown token, is the same 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { appointment, facts, base } = await visitPage(
    request,
    params.token ?? "",
    "account"
  );
  const url = new URL(request.url);
  const change = changeOf(url);
  return json({
    facts,
    base,
    change,
    intake: facts.past ? null : await intakeLinkOf(appointment),
  });
}

export default function AccountVisit() {
  const { facts, base, change, intake } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div className="narrow">
      <p>
        <Link to="/profile">{t("visit.area.back")}</Link>
      </p>
      <h1>{facts.serviceName}</h1>
      {/* A family member's visit says whose it is (issue 20 A). */}
      <VisitFor name={facts.forName} />
      <VisitChangedBanner change={change} facts={facts} />
      {facts.past && facts.status === "CONFIRMED" ? (
        <p className="notice">{t("visit.area.taken")}</p>
      ) : null}
      <VisitFactsList facts={facts} />
      <IntakeNotice intake={intake} />
      {facts.past ? null : <ManageVisit facts={facts} base={base} />}
    </div>
  );
}
