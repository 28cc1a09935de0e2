import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { bookingEmailSchema } from "~/booking/step-schemas.server";
import { openStep, submitStep } from "~/booking/step.server";
import { TextField } from "~/ui/form";
import { StepPage } from "~/ui/step-header";
import { stepMeta } from "~/ui/step-meta";
import { Trans, useT } from "~/i18n/use-t";

export const meta = stepMeta;

const LOGIN = `/login?${new URLSearchParams({ redirectTo: "/booking/email" })}`;

export async function loader({ request }: LoaderFunctionArgs) {
  const { state, back, title } = await openStep(request, "email");
  return json({ back, title, email: state.email ?? null });
}

export async function action({ request }: ActionFunctionArgs) {
  // Stored lower-cased: one patient per address (the schema trims and lower-cases).
  return submitStep(request, "email", bookingEmailSchema, ({ email }) => ({ email }));
}

export default function Email() {
  const { back, title, email } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  return (
    <StepPage
      title={title}
      back={back}
      result={result}
      values={{ email }}
      intro={
        <>
          <p className="lead">{t("booking.email.lead")}</p>
          {/* Logged in, this step is skipped: the login comes back here and the flow moves on. */}
          <p>
            <Trans k="booking.email.login" tags={{ login: <Link to={LOGIN} /> }} />
          </p>
        </>
      }
    >
      <TextField name="email" label={t("booking.email.label")} type="email" autoComplete="email" inputMode="email" />
    </StepPage>
  );
}
