import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { emailSchema } from "~/booking/core-steps.server";
import { openStep, submitStep } from "~/booking/step.server";
import { fieldError, fieldValue, StepPage, TextField } from "~/ui/form";

export const meta: MetaFunction = () => [{ title: "Your email — Book a visit" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { state, back, title } = await openStep(request, "email");
  return json({ back, title, email: state.email ?? null });
}

export async function action({ request }: ActionFunctionArgs) {
  // Stored lower-cased: one patient per address (the schema trims and lower-cases).
  return submitStep(request, "email", emailSchema, ({ email }) => ({ email }));
}

export default function Email() {
  const { back, title, email } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <StepPage
      title={title}
      back={back}
      result={result}
      labels={{ email: "Email address" }}
      intro={<p className="lead">We’ll send your confirmation and calendar invite here.</p>}
    >
      <TextField
        name="email"
        label="Email address"
        type="email"
        autoComplete="email"
        inputMode="email"
        defaultValue={fieldValue(result, "email", email)}
        error={fieldError(result, "email")}
      />
    </StepPage>
  );
}
