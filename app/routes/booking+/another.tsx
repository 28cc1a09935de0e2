import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod/v4";
import { companionCandidates, companionOffers } from "~/booking/companion.server";
import { openStep, saveAndRedirect } from "~/booking/step.server";
import { fieldErrors } from "~/auth/forms.server";
import { readForm } from "~/platform/form-data.server";
import { ChoiceGroup, ErrorSummary, FormActions, FormStateProvider } from "~/ui/form";
import { StepHeader } from "~/ui/step-header";

export const meta: MetaFunction = () => [{ title: "Book another family member at the same time — Book a visit" }, { name: "robots", content: "noindex" }];

const REVIEW = "/booking/confirmation";

/** Reachable with the review step, for a logged-in account with someone else to book for; anyone else goes back. */
async function open(request: Request) {
  const { state, opts } = await openStep(request, "confirmation");
  if (!opts.account) throw redirect(REVIEW);
  const people = await companionCandidates(opts.account, state.patientFor);
  if (people.length === 0) throw redirect(REVIEW);
  return { state, people, offers: await companionOffers(state) };
}

/** `/booking/another`: a second person (issue 20 A), at the same time with another provider or right after. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { state, people, offers } = await open(request);
  return json(
    {
      people: people.map((p) => ({ value: p.value, label: p.name })),
      offers,
      saved: state.companion ? { who: String(state.companion.patientFor), startsAt: state.companion.startsAt } : null,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

const schema = z.object({
  who: z.string("Choose who else to book.").max(12, "Choose who else to book."),
  startsAt: z.string("Choose a time.").max(40, "Choose a time."),
});

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const { state, people, offers } = await open(request);
  if (form.get("intent") === "remove") {
    const next = { ...state };
    delete next.companion;
    return saveAndRedirect(request, REVIEW, next);
  }
  const values = { who: String(form.get("who") ?? "").slice(0, 12), startsAt: String(form.get("startsAt") ?? "").slice(0, 40) };
  const parsed = schema.safeParse(Object.fromEntries(form));
  const errors: Record<string, string[]> = parsed.success ? {} : fieldErrors(parsed.error);
  const person = people.find((p) => p.value === values.who);
  const offer = offers.find((o) => o.value === values.startsAt);
  if (!person) errors.who ??= ["Choose who else to book."];
  // A time no longer offered (taken meanwhile): the page shows the times free now.
  if (!offer) errors.startsAt ??= [offers.length ? "That time is no longer free. Choose one of these." : "Choose a time."];
  if (!person || !offer) return json({ status: "error" as const, initialValue: values, error: errors }, { status: 400 });
  return saveAndRedirect(request, REVIEW, { ...state, companion: { patientFor: person.patientFor, startsAt: offer.value } });
}

export default function Another() {
  const { people, offers, saved } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <FormStateProvider result={result} values={saved}>
      <div className="page narrow">
        <StepHeader />
        <h1>Book another family member at the same time</h1>
        <ErrorSummary />
        {offers.length === 0 ? (
          <>
            <p className="lead">There’s no free time for a second person beside this visit. Book their visit on its own after this one.</p>
            <p>
              <Link to={REVIEW}>Back to your booking</Link>
            </p>
          </>
        ) : (
          <>
            <p className="lead">The same visit for someone else, booked together with this one: both are booked, or neither.</p>
            <Form method="post" className="form" noValidate>
              <ChoiceGroup name="who" legend="Who else?" choices={people} />
              <ChoiceGroup name="startsAt" legend="When" choices={offers} />
              <FormActions submitLabel="Add to my booking" back={REVIEW} />
            </Form>
          </>
        )}
      </div>
    </FormStateProvider>
  );
}
