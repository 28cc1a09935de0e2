/**
 * The waitlist's pieces of pages (issue 19 B, decision 022): the join form and the entries on /profile (the invitation
 * under the times is waitlist-invite.tsx, so the times page loads neither). Plain links and forms: nothing here needs
 * JavaScript.
 */
import { Form } from "@remix-run/react";
import { ChoiceFieldset, ErrorSummary, FormActions, FormStateProvider, TextField, useField, type FormResult, type SavedValues } from "./form";

type JoinData = {
  studioName: string;
  serviceName: string;
  accountEmail: string | null;
  bounds: { min: string; max: string };
  values: SavedValues;
  parts: { value: string; label: string; hours: string }[];
};

function PartBoxes({ parts }: { parts: JoinData["parts"] }) {
  const field = useField("parts");
  return (
    <ChoiceFieldset name="parts-group" legend="Times of day" hint="In the studio’s local time." error={field.error}>
      <div className="choices choices-inline">
        {parts.map((p, i) => (
          <label className="choice" key={p.value}>
            {/* The first box carries the field's id: the error summary's link lands on it. */}
            <input type="checkbox" name="parts" value={p.value} id={i === 0 ? "parts" : `parts-${p.value}`} defaultChecked={field.values.includes(p.value)} />
            <span>
              <span className="choice-title">{p.label}</span>
              <span className="choice-detail">{p.hours}</span>
            </span>
          </label>
        ))}
      </div>
    </ChoiceFieldset>
  );
}

export function WaitlistJoinForm({ data, result }: { data: JoinData; result: FormResult }) {
  return (
    <FormStateProvider result={result} values={data.values}>
      <ErrorSummary />
      <Form method="post" className="form" noValidate>
        <div className="field-row">
          <TextField name="firstDay" label="From" type="date" min={data.bounds.min} max={data.bounds.max} />
          <TextField name="lastDay" label="Until" type="date" min={data.bounds.min} max={data.bounds.max} />
        </div>
        <PartBoxes parts={data.parts} />
        {data.accountEmail ? (
          <p>
            We’ll write to <strong>{data.accountEmail}</strong>, the address you log in with.
          </p>
        ) : (
          <TextField name="email" label="Your email" type="email" autoComplete="email" hint="We send the times that free up here, and nothing else." />
        )}
        <FormActions submitLabel="Join the waitlist" back="/booking/times" />
      </Form>
    </FormStateProvider>
  );
}

export type WaitlistEntryView = { id: number; studioName: string; serviceName: string; firstDay: string; lastDay: string; parts: string; days: string };

/** /profile: the account's waitlist entries, each with its own Leave button (a POST to /profile/waitlist). */
export function WaitlistEntries({ entries, left }: { entries: WaitlistEntryView[]; left: boolean }) {
  return (
    <section className="profile-section" id="waitlist" aria-labelledby="waitlist-title">
      <h2 id="waitlist-title">Waitlist</h2>
      {left ? (
        <p className="notice" role="status">
          You left the waitlist.
        </p>
      ) : null}
      {entries.length === 0 ? (
        <p>You’re not waiting for a time. When no time suits you, join the waitlist from the times page.</p>
      ) : (
        <ul className="waitlist-entries">
          {entries.map((e) => (
            <li key={e.id}>
              <div>
                <strong>{e.serviceName}</strong> at {e.studioName}
                <span className="hint">
                  {e.days}, {e.parts}
                </span>
              </div>
              <Form method="post" action="/profile/waitlist">
                <input type="hidden" name="entry" value={e.id} />
                <button type="submit" className="button button-secondary" aria-label={`Leave the waitlist for ${e.serviceName} at ${e.studioName}`}>
                  Leave
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
