import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { FREEFORM_MAX_CHARS } from "~/booking/options";
import { openStep, submitStep } from "~/booking/step.server";
import { StepPage, TextField } from "~/ui/form";
import { stepMeta } from "~/ui/step-meta";
import { schema } from "./freeform-questions.server";

const REQUIRED = "Please tell us briefly what is going on, so the dentist can be ready for you.";

export const meta = stepMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const { state, back, title } = await openStep(request, "freeform-questions");
  return json({ back, title, required: state.serviceType === "EMERG", freeform: state.freeform ?? "" });
}

export async function action({ request }: ActionFunctionArgs) {
  return submitStep(request, "freeform-questions", schema(), ({ freeform }, { state }) => {
    if (state.serviceType === "EMERG" && !freeform) return { fieldErrors: { freeform: [REQUIRED] } };
    return { freeform: freeform ?? "" };
  });
}

export default function FreeformQuestions() {
  const { back, title, required, freeform } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const label = required ? "Tell us what is going on" : "Tell us what is going on (optional)";
  return (
    <StepPage
      title={title}
      back={back}
      result={result}
      values={{ freeform }}
      intro={
        <p className="lead">
          {required
            ? "It helps the dentist prepare for your emergency visit."
            : "Anything you’d like the dentist to know before your consult. You can leave this empty."}
        </p>
      }
    >
      <TextField
        name="freeform"
        label={label}
        multiline
        hint={
          required
            ? `Where it hurts or what broke, since when, and anything that makes it better or worse. Up to ${FREEFORM_MAX_CHARS.toLocaleString("en-US")} characters.`
            : `For example what you’d like to change, past treatment, or questions you have. Up to ${FREEFORM_MAX_CHARS.toLocaleString("en-US")} characters.`
        }
      />
    </StepPage>
  );
}
