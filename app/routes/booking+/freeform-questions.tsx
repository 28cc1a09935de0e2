import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { FREEFORM_MAX_CHARS } from "~/booking/options";
import { openStep, submitStep } from "~/booking/step.server";
import { TextField } from "~/ui/form";
import { StepPage } from "~/ui/step-header";
import { stepMeta } from "~/ui/step-meta";
import { useT } from "~/i18n/use-t";
import { freeformSchema } from "~/booking/step-schemas.server";

const REQUIRED = "booking.errors.freeformRequired";

export const meta = stepMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const { state, back, title } = await openStep(request, "freeform-questions");
  return json({ back, title, required: state.serviceType === "EMERG", freeform: state.freeform ?? "" });
}

export async function action({ request }: ActionFunctionArgs) {
  return submitStep(request, "freeform-questions", freeformSchema(), ({ freeform }, { state }) => {
    if (state.serviceType === "EMERG" && !freeform) return { fieldErrors: { freeform: [REQUIRED] } };
    return { freeform: freeform ?? "" };
  });
}

/** "2,000": made once (a number's toLocaleString with a locale builds an Intl formatter per call). */
const MAX_TEXT = FREEFORM_MAX_CHARS.toLocaleString("en-US");

export default function FreeformQuestions() {
  const { back, title, required, freeform } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  const label = required ? t("booking.freeform.label") : t("booking.freeform.labelOptional");
  const max = MAX_TEXT;
  return (
    <StepPage
      title={title}
      back={back}
      result={result}
      values={{ freeform }}
      intro={
        <p className="lead">
          {required ? t("booking.freeform.lead") : t("booking.freeform.leadOptional")}
        </p>
      }
    >
      <TextField
        name="freeform"
        label={label}
        multiline
        hint={
          required
            ? t("booking.freeform.hint", { max })
            : t("booking.freeform.hintOptional", { max })
        }
      />
    </StepPage>
  );
}
