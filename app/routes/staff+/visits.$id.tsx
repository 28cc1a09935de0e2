import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { readFormPost } from "~/flow/forms.server";
import { dayPath } from "~/console/paths";
import { requireStaff } from "~/console/staff.server";
import { visitPage, visitPost } from "~/console/visit.server";
import { ConsoleForm, ConsolePage, Tag } from "~/ui/console";
import { TextThread } from "~/ui/console-texts";
import { ChoiceGroup, TextField } from "~/ui/form";

export const meta: MetaFunction = () => [{ title: "Visit — Studio console" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireStaff(request);
  return json(await visitPage(user, params.id));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireStaff(request);
  const { form } = await readFormPost(request);
  return visitPost(user, params.id, form);
}

const DONE: Record<string, string> = {
  booked: "Booked. The caller is sent the confirmation (email, and a text if they agreed to texts).",
  arrived: "Checked in.",
  completed: "Marked completed.",
  no_show: "Marked no-show.",
  cancelled: "Cancelled. The patient was emailed, with the calendar update.",
  moved: "Moved. The patient was emailed the new time, with the calendar update.",
  refunded: "Refunded: the processor took the refund; it is in the history below.",
  card_link: "The card link was sent again (by email, and by text if the patient agreed to texts). The earlier link no longer works.",
};

export default function StaffVisit() {
  const visit = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [query] = useSearchParams();
  const many = Number(query.get("count") ?? "0");
  const done = query.get("done") === "cancelled" && many > 1 ? `Cancelled ${many} visits of the series. The patient was emailed once, with the list.` : DONE[query.get("done") ?? ""];
  const intent = result?.initialValue && "intent" in result.initialValue ? result.initialValue.intent : null;
  return (
    <ConsolePage title={`${visit.patient.name || "Patient"}: ${visit.service}`}>
      <p>
        <Link to={dayPath(visit.studio.slug, visit.day)}>← {visit.studio.name}, the day</Link>
      </p>
      {done ? (
        <p className="notice notice-success" role="status">
          {done}
        </p>
      ) : null}
      <dl className="console-dl">
        <dt>When</dt>
        <dd>{visit.when}</dd>
        {visit.series ? (
          <>
            <dt>Series</dt>
            <dd>
              Visit {visit.series.position} of {visit.series.of}
            </dd>
          </>
        ) : null}
        <dt>With</dt>
        <dd>{visit.provider}</dd>
        <dt>Status</dt>
        <dd>
          <Tag>{visit.statusLabel}</Tag>
          {visit.texts.confirmedByText ? " " : null}
          {visit.texts.confirmedByText ? (
            <>
              <Tag tone="good">Confirmed by text</Tag>
              {visit.texts.confirmedByText === "yes" ? null : ` on ${visit.texts.confirmedByText}.`}
            </>
          ) : null}
          {visit.fee ? ` Late-cancel fee ${visit.fee} recorded.` : null}
        </dd>
        <dt>Booked</dt>
        <dd>
          {visit.booked}
          {visit.squeeze ? (
            <>
              {" "}
              <Tag tone="warn">Squeezed in: {visit.squeeze}</Tag>
            </>
          ) : null}
        </dd>
        {visit.card ? (
          <>
            <dt>Card</dt>
            <dd>{visit.card.requested ? <Tag tone="warn">{visit.card.text}</Tag> : visit.card.text}</dd>
          </>
        ) : null}
        <dt>Patient</dt>
        <dd>{visit.patient.name}</dd>
        <dt>Email</dt>
        <dd>{visit.patient.email || "Not given"}</dd>
        <dt>Phone</dt>
        <dd>{visit.patient.phone || "Not given"}</dd>
        <dt>Date of birth</dt>
        <dd>{visit.patient.dateOfBirth ?? "Not given"}</dd>
        <dt>Account</dt>
        <dd>{visit.patient.closed ? "Account closed (kept for the retention period; nothing is sent to this patient)" : visit.patient.hasAccount ? "Has a patient account" : "Guest"}</dd>
      </dl>
      {visit.card?.requested && visit.cancel ? (
        <ConsoleForm result={intent === "card_link" ? result : undefined} submitLabel="Send the card link again">
          <input type="hidden" name="intent" value="card_link" />
          <p>The caller cannot find the link? A new one goes to their email and, if they agreed to texts, their phone; the first link stops working.</p>
        </ConsoleForm>
      ) : null}
      <p>
        <Link to={`/staff/studios/${visit.studio.slug}/book/${visit.patient.id}`}>New visit for {visit.patient.name || "this patient"}</Link>
      </p>
      <p>
        <Link to={`/staff/visits/${visit.id}/intake`}>Intake answers and insurance card</Link> (each view is recorded in the audit log)
      </p>
      {visit.feeCharge ? (
        <section className="console-fee" aria-labelledby="fee-heading">
          <h2 id="fee-heading">Late-cancel fee</h2>
          <dl className="console-dl">
            <dt>Amount</dt>
            <dd>{visit.feeCharge.amount}</dd>
            <dt>Status</dt>
            <dd>
              <Tag tone={visit.feeCharge.tone}>{visit.feeCharge.status}</Tag>
              {visit.feeCharge.failure ? ` Reason: ${visit.feeCharge.failure}. The patient was emailed a link to pay it on the processor’s page.` : null}
              {visit.feeCharge.paidAt ? ` Paid ${visit.feeCharge.paidAt}.` : null}
            </dd>
            {visit.feeCharge.refunded ? (
              <>
                <dt>Refunded</dt>
                <dd>{visit.feeCharge.refunded}</dd>
              </>
            ) : null}
          </dl>
          {visit.feeCharge.refunds.length ? (
            <div className="table-scroll">
              <table className="console-table">
                <caption>Refunds</caption>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Amount</th>
                    <th scope="col">Reason</th>
                    <th scope="col">Who</th>
                    <th scope="col">State</th>
                  </tr>
                </thead>
                <tbody>
                  {visit.feeCharge.refunds.map((r, i) => (
                    <tr key={i}>
                      <td>{r.at}</td>
                      <td>{r.amount}</td>
                      <td>{r.reason}</td>
                      <td>{r.by}</td>
                      <td>{r.status === "done" ? "Refunded" : r.status === "failed" ? "Failed (nothing refunded)" : "Sent to the processor"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          {visit.feeCharge.canRefund ? (
            <ConsoleForm result={intent === "refund" ? result : undefined} submitLabel="Refund">
              <h3>Refund the fee</h3>
              <input type="hidden" name="intent" value="refund" />
              <p>Up to {visit.feeCharge.left} can be refunded, all or part of it. The refund goes back to the card that paid.</p>
              <TextField name="amount" label="Amount to refund (USD)" hint={`For example ${visit.feeCharge.leftInput}`} inputMode="text" defaultValue={intent === "refund" ? undefined : visit.feeCharge.leftInput} />
              <TextField name="reason" label="Reason (kept in the audit log)" multiline />
            </ConsoleForm>
          ) : null}
        </section>
      ) : null}
      <div className="console-actions">
        {visit.actions.length ? (
          <ConsoleForm result={intent === "status" ? result : undefined} submitLabel="Record">
            <h2>Record</h2>
            <input type="hidden" name="intent" value="status" />
            <input type="hidden" name="seen" value={visit.status} />
            <ChoiceGroup name="action" legend="What happened" choices={visit.actions} />
            <TextField name="note" label="Note (optional)" multiline />
          </ConsoleForm>
        ) : null}
        {visit.cancel ? (
          <ConsoleForm result={intent === "cancel" ? result : undefined} submitLabel="Cancel the visit">
            <h2>Cancel on the patient’s behalf</h2>
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="sequence" value={visit.sequence} />
            <input type="hidden" name="shownFee" value={visit.cancel.shownFee} />
            {visit.cancel.scopes.map((s) => (s.value === "this" ? null : <input key={s.field} type="hidden" name={s.field} value={s.shownFee} />))}
            {visit.cancel.scopes.length ? <ChoiceGroup name="scope" legend="Which visits of the series" choices={visit.cancel.scopes} defaultValue="this" /> : null}
            <p>
              {visit.cancel.fee
                ? `Less than 24 hours ahead: the late-cancellation fee of ${visit.cancel.fee} is recorded on the card on file.`
                : visit.cancel.late
                  ? "Less than 24 hours ahead, no card on file: no fee."
                  : "More than 24 hours ahead: no fee."}{" "}
              {visit.cancel.scopes.length
                ? "Each visit inside its 24 hours carries its own fee. The patient gets one email (with the list when several are cancelled)."
                : "The patient gets an email with the calendar cancellation."}
            </p>
            <TextField name="cancelNote" label="Note (optional)" multiline />
          </ConsoleForm>
        ) : null}
      </div>
      {visit.canMove ? (
        <p>
          <Link className="button button-secondary" to={`/staff/visits/${visit.id}/move`}>
            Move to another time
          </Link>
        </p>
      ) : null}
      {visit.texts.messages.length ? (
        <section aria-labelledby="texts-heading">
          <h2 id="texts-heading">Texts about this visit</h2>
          {visit.texts.thread ? (
            <p>
              <Link to={visit.texts.thread.href}>{visit.texts.thread.waiting ? "Answer the patient’s text" : "The whole conversation, and answer"}</Link>
              {visit.texts.thread.waiting ? (
                <>
                  {" "}
                  <Tag tone="warn">Waiting for an answer</Tag>
                </>
              ) : null}
            </p>
          ) : null}
          <TextThread messages={visit.texts.messages} label="Texts about this visit, oldest first" />
        </section>
      ) : null}
      <h2>History</h2>
      <div className="table-scroll">
        <table className="console-table">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">What</th>
              <th scope="col">Who</th>
              <th scope="col">Note</th>
            </tr>
          </thead>
          <tbody>
            {visit.history.map((h, i) => (
              <tr key={i}>
                <td>{h.at}</td>
                <td>{h.text}</td>
                <td>{h.who}</td>
                <td>{h.note}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </ConsolePage>
  );
}
