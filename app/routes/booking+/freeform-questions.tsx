import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod/v4";
import { FREEFORM_MAX_BYTES, FREEFORM_MAX_CHARS, jsonBytes } from "~/booking/options";
import { openStep, submitStep } from "~/booking/step.server";
import { StepPage, TextField } from "~/ui/form";
import { stepMeta } from "~/ui/step-meta";

const TOO_LONG = `Please shorten your description to ${FREEFORM_MAX_CHARS.toLocaleString("en-US")} characters or fewer.`;

/**
 * The limits of `freeformSchema` (booking/state.ts), with messages for patients. Optional here: an
 * emergency requires it (checked in the action, which knows the service); a consult does not. An
 * empty answer is saved as "" so the step counts as done in the funnel (`isDone` needs the field).
 * A function, not a constant: only the action calls it, so zod stays out of the browser bundle.
 */
const schema = () =>
  z.object({
    freeform: z
      .string()
      .trim()
      .max(FREEFORM_MAX_CHARS, { error: TOO_LONG })
      // The byte cap keeps the booking cookie under 4 KB: emoji and non-Latin letters count more.
      .refine((s) => jsonBytes(s) <= FREEFORM_MAX_BYTES, { error: "Please shorten your description a little: it is too long for us to save." })
      .optional(),
  });

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
