import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { authHeaders } from "~/auth/headers";
import { metaT, useT } from "~/i18n/use-t";
import { BRAND as BRAND_NAME } from "~/platform/brand";
import { MemberFields, MemberForm } from "~/ui/family";
import { addMember, newMemberPage } from "~/account/family-page.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("family.new.meta", { brand: BRAND_NAME }) }, { name: "robots", content: "noindex" }];
export const headers = authHeaders;

export const loader = ({ request }: LoaderFunctionArgs) => newMemberPage(request);
export const action = ({ request }: ActionFunctionArgs) => addMember(request);

/** `/profile/family/new`: someone the account holder books for; from the booking, back to "who is this visit for?". */
export default function NewFamilyMember() {
  const { relationships, returnTo } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  return (
    <div className="narrow">
      <p>
        <Link to={returnTo === "/profile" ? "/profile#family" : returnTo}>{returnTo === "/profile" ? t("family.new.backProfile") : t("family.new.backBooking")}</Link>
      </p>
      <h1>{t("family.new.title")}</h1>
      <p className="lead">{t("family.new.lead")}</p>
      <section className="profile-section" aria-labelledby="member-title">
        <h2 id="member-title" className="visually-hidden">
          {t("family.new.details")}
        </h2>
        <MemberForm result={result} values={undefined} submitLabel={t("family.new.submit")} hidden={{ returnTo }}>
          <MemberFields relationships={relationships} />
        </MemberForm>
      </section>
    </div>
  );
}
