import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ChoiceGroup, ErrorSummary, FormActions, FormStateProvider } from "~/ui/form";
import { StepHeader } from "~/ui/step-header";
import { anotherPage, submitAnother } from "./another.server";

const REVIEW = "/booking/confirmation";

export const meta: MetaFunction = () => [{ title: "Book another family member at the same time — Book a visit" }, { name: "robots", content: "noindex" }];

export const loader = ({ request }: LoaderFunctionArgs) => anotherPage(request);
export const action = ({ request }: ActionFunctionArgs) => submitAnother(request);

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
