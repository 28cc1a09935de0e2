import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { PRIVATE_PAGE } from "~/auth/headers";
import { metaT, useT } from "~/i18n/use-t";
import { BRAND as BRAND_NAME } from "~/platform/brand";
import { SubmitButton } from "~/ui/form";
import { leaveAction, leavePage } from "~/waitlist/pages.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("waitlist.leave.meta", { brand: BRAND_NAME }) }, { name: "robots", content: "noindex" }];
export const headers = () => PRIVATE_PAGE;

export const loader = ({ request, params }: LoaderFunctionArgs) => leavePage(request, params.token);
export const action = ({ request, params }: ActionFunctionArgs) => leaveAction(request, params.token);

export default function LeaveWaitlist() {
  const entry = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div className="page narrow">
      <h1>{t("waitlist.leave.title")}</h1>
      <p className="lead">{t("waitlist.leave.lead", { service: entry.serviceName, studio: entry.studioName })}</p>
      {entry.left ? (
        <div className="notice notice-success" role="status">
          <p>{t("waitlist.leave.done")}</p>
        </div>
      ) : (
        <Form method="post" className="form">
          <p>{t("waitlist.leave.explain")}</p>
          <div className="form-actions">
            <SubmitButton label={t("waitlist.leave.submit")} />
          </div>
        </Form>
      )}
      <p>
        <Link to="/booking">{t("waitlist.leave.book")}</Link>
      </p>
    </div>
  );
}
