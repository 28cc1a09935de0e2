import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { i18nOf } from "~/i18n/locale.server";
import { Trans, useT } from "~/i18n/use-t";
import { ChoiceGroup } from "~/ui/form";
import { StepPage } from "~/ui/step-header";
import { stepMeta } from "~/ui/step-meta";
import { whoChoices, whoSchema, whoValue } from "~/booking/who.server";
import { openStep, submitStep } from "~/booking/step.server";

export const meta = stepMeta;

/** "Who is this visit for?" (issue 20 A): a logged-in account with family members books for itself or one of them. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { state, back, title, opts } = await openStep(request, "who");
  const choices = await whoChoices(opts.account!, i18nOf(request).t);
  // Just added from here: that person is chosen already.
  const added = new URL(request.url).searchParams.get("added");
  const chosen = state.patientFor ?? (added && choices.some((c) => c.value === added) ? Number(added) : undefined);
  return json({ back, title, choices, chosen: chosen === undefined ? null : String(chosen) });
}

export const action = ({ request }: ActionFunctionArgs) => submitStep(request, "who", whoSchema, (v, ctx) => whoValue(v.patientFor, ctx.opts.account!));

export default function Who() {
  const { back, title, choices, chosen } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  return (
    <StepPage
      title={title}
      back={back}
      result={result}
      values={{ patientFor: chosen }}
      intro={<p className="lead">{t("family.who.intro")}</p>}
      after={
        <p>
          <Trans k="family.who.someoneElse" tags={{ add: <Link to="/profile/family/new?returnTo=/booking/who" /> }} />
        </p>
      }
    >
      <ChoiceGroup name="patientFor" legend={t("family.who.legend")} choices={choices} />
    </StepPage>
  );
}
