import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { PRIVATE_PAGE } from "~/auth/headers";
import { unsubscribeAction, unsubscribePage } from "~/recall/unsubscribe.server";
import { ErrorSummary, FormStateProvider } from "~/ui/form";

/** A recall email's unsubscribe link (issue 20 B): stop checkup reminders, or turn them back on. */
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.optedOut ? "Checkup reminders stopped — Studio Dental" : "Stop checkup reminders — Studio Dental" },
  { name: "robots", content: "noindex" },
];
export const headers = () => PRIVATE_PAGE;

export const loader = ({ params }: LoaderFunctionArgs) => unsubscribePage(params.token ?? "");
export const action = ({ request, params }: ActionFunctionArgs) => unsubscribeAction(request, params.token ?? "");

export default function RecallUnsubscribe() {
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [search] = useSearchParams();
  const optedOut = result?.optedOut ?? loaded.optedOut;
  const done = !result && search.get("done") === (optedOut ? "stop" : "resume");
  return (
    <div className="page narrow recall-page">
      <FormStateProvider result={result} values={undefined}>
        <ErrorSummary />
      </FormStateProvider>
      {optedOut ? (
        <>
          <h1>You won’t get checkup reminders</h1>
          {done ? (
            <p className="notice" role="status">
              Done: we’ve stopped the emails that tell you when your next checkup is due.
            </p>
          ) : null}
          <p className="lead">We won’t email you when your next checkup is due. Emails about visits you book still come as usual: the confirmation, reminders before the visit and any change.</p>
          <p>You can still see when your next checkup is due on your profile, and book it whenever suits you.</p>
          <Form method="post" className="form">
            <input type="hidden" name="intent" value="resume" />
            <div className="form-actions">
              <button type="submit" className="button button-secondary">
                Turn checkup reminders back on
              </button>
            </div>
          </Form>
        </>
      ) : (
        <>
          <h1>Stop checkup reminders?</h1>
          {done ? (
            <p className="notice" role="status">
              Checkup reminders are back on.
            </p>
          ) : null}
          <p className="lead">We email you four weeks before your next checkup is due, and once more on the due date if nothing is booked.</p>
          <p>Stopping them does not change visits you have booked or the emails about them.</p>
          <Form method="post" className="form">
            <input type="hidden" name="intent" value="stop" />
            <div className="form-actions">
              <button type="submit" className="button">
                Stop checkup reminders
              </button>
            </div>
          </Form>
        </>
      )}
    </div>
  );
}
