import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { metaT, useT } from "~/i18n/use-t";
import { ChoiceGroup, ErrorSummary, FormActions, FormStateProvider } from "~/ui/form";
import { StepHeader } from "~/ui/step-header";
import { anotherPage, submitAnother } from "~/booking/another.server";

const REVIEW = "/booking/confirmation";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("family.another.meta") }, { name: "robots", content: "noindex" }];

export const loader = ({ request }: LoaderFunctionArgs) => anotherPage(request);
export const action = ({ request }: ActionFunctionArgs) => submitAnother(request);

export default function Another() {
  const { people, offers, saved } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  return (
    <FormStateProvider result={result} values={saved}>
      <div className="page narrow">
        <StepHeader />
        <h1>{t("family.another.title")}</h1>
        <ErrorSummary />
        {offers.length === 0 ? (
          <>
            <p className="lead">{t("family.another.none")}</p>
            <p>
              <Link to={REVIEW}>{t("family.another.back")}</Link>
            </p>
          </>
        ) : (
          <>
            <p className="lead">{t("family.another.lead")}</p>
            <Form method="post" className="form" noValidate>
              <ChoiceGroup name="who" legend={t("family.another.who")} choices={people} />
              <ChoiceGroup name="startsAt" legend={t("family.another.when")} choices={offers} />
              <FormActions submitLabel={t("family.another.submit")} back={REVIEW} />
            </Form>
          </>
        )}
      </div>
    </FormStateProvider>
  );
}
