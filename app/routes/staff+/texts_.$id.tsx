import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { requireStaff } from "~/console/staff.server";
import { threadPage, threadPost, type AnswerCheck } from "~/console/texts.server";
import { BRAND } from "~/platform/brand";
import { readFormPost } from "~/flow/forms.server";
import { ConsoleForm, ConsolePage, Tag } from "~/ui/console";
import { TextThread } from "~/ui/console-texts";
import { TextField } from "~/ui/form";

export const meta: MetaFunction = () => [{ title: "Texts with a patient — Studio console" }];

/** A thread of the viewer's studios (any other id: 404), by its opaque id; each read audited. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireStaff(request);
  return json(await threadPage(user, params.id));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireStaff(request);
  const { form } = await readFormPost(request);
  return threadPost(user, params.id, form);
}

const DONE: Record<string, string> = {
  sent: "Your answer is in the outbox and goes out as a text now. Its state is below.",
  handled: "Marked as handled. A new text from this number will show in the inbox again.",
};

export default function TextThreadPage() {
  const thread = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [query] = useSearchParams();
  const done = DONE[query.get("done") ?? ""];
  const intent = result && "intent" in result ? result.intent : null;
  const check = result && "check" in result ? (result.check as AnswerCheck) : undefined;
  return (
    <ConsolePage
      title={
        <>
          Texts with <span className="sms-phone">{thread.phone}</span>
        </>
      }
    >
      <p>
        <Link to="/staff/texts">← All texts</Link>
      </p>
      {done ? (
        <p className="notice notice-success" role="status">
          {done}
        </p>
      ) : null}
      <dl className="console-dl">
        <dt>Studio</dt>
        <dd>{thread.studio}</dd>
        <dt>State</dt>
        <dd>
          {thread.waitingSince ? <Tag tone="warn">Waiting for an answer since {thread.waitingSince}</Tag> : <Tag tone="good">Handled</Tag>}
          {!thread.waitingSince && thread.handled ? ` ${thread.handled}` : null}
        </dd>
        {thread.visits.length ? (
          <>
            <dt>About</dt>
            <dd>
              <ul className="plain-list">
                {thread.visits.map((v) => (
                  <li key={v.href}>
                    <Link to={v.href}>{v.text}</Link>
                  </li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
      </dl>
      <h2>Conversation</h2>
      <TextThread messages={thread.messages} label="Texts, oldest first" />
      {thread.open ? (
        <div className="console-actions sms-answer">
          <ConsoleForm result={intent === "answer" ? result : undefined} submitLabel={check ? `Send as ${check.segments} text message${check.segments > 1 ? "s" : ""}` : "Send the answer"}>
            <h2>Answer by text</h2>
            <input type="hidden" name="intent" value="answer" />
            <input type="hidden" name="nonce" value={thread.nonce} />
            <input type="hidden" name="seen" value={thread.seen} />
            {check ? (
              <>
                <p className="notice notice-warning" role="status" id="answer-check">
                  {check.message}
                </p>
                <input type="hidden" name="segments" value={check.segments} />
              </>
            ) : null}
            <TextField
              name="body"
              label="Your answer"
              hint={`Sent from the studio as “${BRAND} ${thread.studio}: …”. Two text messages at most (about 280 characters); an emoji or another character outside the texting alphabet makes each message 67 characters, and you see the count before it is sent. No health details.`}
              multiline
            />
          </ConsoleForm>
          {thread.waitingSince ? (
            <ConsoleForm result={intent === "handled" ? result : undefined} submitLabel="Mark as handled">
              <h2>No answer needed</h2>
              <input type="hidden" name="intent" value="handled" />
              <input type="hidden" name="seen" value={thread.seen} />
              <p>You called the patient back, or the text needs no answer: it leaves the list of texts waiting.</p>
            </ConsoleForm>
          ) : null}
        </div>
      ) : (
        <p className="notice notice-warning">This number replied STOP: no text can be sent to it until the patient texts START. Call the patient instead.</p>
      )}
    </ConsolePage>
  );
}
