import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { ErrorSummary, FormStateProvider, SubmitButton, TextField } from "~/ui/form";
import { devReplyAsPatient, devSmsPage } from "~/dev/pages.server";

export const meta: MetaFunction = () => [{ title: "Dev: reply by text as a patient" }, { name: "robots", content: "noindex" }];

export const loader = () => devSmsPage();

/** The same handling as a signed /sms/inbound post (issue 31 D), without the provider or its signature. */
export const action = ({ request }: ActionFunctionArgs) => devReplyAsPatient(request);

const TAKEN: Record<string, string> = {
  confirm: "Taken as C: the visit the latest text was about is confirmed; the answer is on /dev/outbox.",
  move: "Taken as R: the link to move the visit is on /dev/outbox.",
  stop: "Taken as STOP: no more texts to this number; the confirmation is on /dev/outbox.",
  start: "Taken as START: texts are on again; the answer is on /dev/outbox.",
  help: "Taken as HELP: the answer is on /dev/outbox.",
  studio: "For the studio: it is in the console's Texts (/staff/texts) when a studio had texted this number.",
  duplicate: "Already received.",
};

export default function DevSms() {
  const { replies } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [query] = useSearchParams();
  const taken = TAKEN[query.get("taken") ?? ""];
  return (
    <div className="page">
      <h1>Reply by text as a patient (development only)</h1>
      <p>
        What a patient’s phone would send to the studio’s number: handled as Twilio’s signed post to /sms/inbound is. The texts we send are on{" "}
        <a href="/dev/outbox">/dev/outbox</a>.
      </p>
      {taken ? (
        <p className="notice notice-success" role="status">
          {taken}
        </p>
      ) : null}
      <FormStateProvider result={result} values={undefined}>
        <ErrorSummary />
        <Form method="post" className="form" noValidate reloadDocument>
          <TextField name="from" label="From (the patient’s number)" hint="10 digits, for example 617 555 0100" type="tel" autoComplete="off" />
          <TextField name="body" label="Text" hint="C, YES, SI, R, STOP, START, HELP — or anything else for the studio" multiline />
          <div className="form-actions">
            <SubmitButton label="Send as the patient" />
          </div>
        </Form>
      </FormStateProvider>
      <h2>Latest replies</h2>
      <table className="dev-table" id="replies">
        <thead>
          <tr>
            <th scope="col">From</th>
            <th scope="col">Text</th>
            <th scope="col">Taken as</th>
            <th scope="col">Received</th>
          </tr>
        </thead>
        <tbody>
          {replies.map((r) => (
            <tr key={r.id}>
              <td>{r.from}</td>
              <td>{r.body}</td>
              <td>{r.handledAs}</td>
              <td>{r.receivedAt}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
