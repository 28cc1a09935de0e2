import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { authHeaders } from "~/auth/headers";
import { metaT, Trans, useT } from "~/i18n/use-t";
import { BRAND as BRAND_NAME } from "~/platform/brand";
import { MemberFields, MemberForm } from "~/ui/family";
import { ErrorSummary, FormStateProvider } from "~/ui/form";
import { AnswerList, VisitList } from "~/ui/profile";
import { memberAction, memberPage } from "~/account/family-page.server";
import { PRIVATE_PAGE } from "~/auth/headers";
import { bracesSuggestion } from "~/booking/braces-suggestion";
import { i18nOf } from "~/i18n/locale.server";
import { memberHealthView } from "~/intake/history.server";

// The member's name stays out of the title (tabs, history): one title for every member's page.
export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("family.member.meta", { brand: BRAND_NAME }) }, { name: "robots", content: "noindex" }];
export const headers = authHeaders;

/** The member's page (a 404 unless the holder's), their health record (the read audited) and braces suggestion. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { locale, t } = i18nOf(request);
  const { quizResults, ...page } = await memberPage(request, params.id);
  const record = await memberHealthView(page.member.id, locale);
  return json({ ...page, ...record, braces: bracesSuggestion(quizResults, t) }, { headers: PRIVATE_PAGE });
}
export const action = ({ request, params }: ActionFunctionArgs) => memberAction(request, params.id);

/** `/profile/family/<id>`: one family member's visits, health, Breezy Braces suggestion and details. */
export default function FamilyMemberPage() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { member } = data;
  const t = useT();
  const firstName = member.firstName;
  return (
    <div className="narrow">
      <p>
        <Link to="/profile#family">{t("family.member.back")}</Link>
      </p>
      <h1>{member.name}</h1>
      <p className="lead">{member.summary}</p>

      <section className="profile-section" id="visits" aria-labelledby="visits-title">
        <h2 id="visits-title">{t("family.member.visits", { firstName })}</h2>
        <VisitList visits={data.upcoming} empty={t("family.member.noVisits")} />
        <p>
          <Link to="/booking">{t("family.member.book", { firstName })}</Link>
        </p>
        {data.past.length ? (
          <>
            <h3>{t("family.member.past")}</h3>
            <VisitList visits={data.past} empty={null} />
          </>
        ) : null}
      </section>

      <section className="profile-section" id="health" aria-labelledby="health-title">
        <h2 id="health-title">{t("family.member.health", { firstName })}</h2>
        {data.intakeLink ? (
          <p>
            <a href={data.intakeLink} className="button button-secondary">
              {data.health || data.insurance ? t("family.member.intakeUpdate", { firstName }) : t("family.member.intakeComplete", { firstName })}
            </a>
          </p>
        ) : null}
        {data.health ? (
          <>
            <h3>{t("family.member.healthHistory")}</h3>
            <p className="hint">
              {data.health.complete ? t("family.member.sent") : t("family.member.started")} · {t("family.member.updated", { date: data.health.asOf })}
            </p>
            <AnswerList rows={data.health.rows} />
          </>
        ) : (
          <p className="profile-empty">{t("family.member.noHealth")}</p>
        )}
        {data.insurance ? (
          <>
            <h3>{t("family.member.insurance")}</h3>
            <AnswerList rows={data.insurance.rows} />
          </>
        ) : null}
      </section>

      <section className="profile-section" id="braces" aria-labelledby="braces-title">
        <h2 id="braces-title">Breezy Braces</h2>
        {data.braces ? (
          <p>
            <Trans k="family.member.bracesSuggested" vars={{ result: data.braces.name, firstName }} tags={{ result: <strong /> }} />{" "}
            <Link to={data.braces.book}>{t("family.member.bracesBook", { firstName })}</Link>
          </p>
        ) : (
          <p>
            <Trans k="family.member.bracesWonder" vars={{ firstName }} tags={{ book: <Link to="/booking?service=BRACESCON" /> }} />
          </p>
        )}
      </section>

      <section className="profile-section" id="details" aria-labelledby="details-title">
        <h2 id="details-title">{t("family.member.details", { firstName })}</h2>
        {data.notice && result?.intent !== "edit" ? (
          <p className="notice" role="status">
            {data.notice}
          </p>
        ) : null}
        <MemberForm result={result?.intent === "edit" ? result : undefined} values={data.details} submitLabel={t("family.member.save")} hidden={{ intent: "edit" }}>
          <MemberFields relationships={data.relationships} />
        </MemberForm>
      </section>

      <section className="profile-section" id="remove" aria-labelledby="remove-title">
        <h2 id="remove-title">{t("family.member.remove", { firstName })}</h2>
        <FormStateProvider result={result?.intent === "remove" ? result : undefined} values={undefined}>
          <ErrorSummary />
        </FormStateProvider>
        <p>{t("family.member.removeLead")}</p>
        <Form method="post">
          <input type="hidden" name="intent" value="remove" />
          <button type="submit" className="button button-secondary">
            {t("family.member.removeButton", { firstName })}
          </button>
        </Form>
      </section>
    </div>
  );
}
