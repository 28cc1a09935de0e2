import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ChoiceFieldset, describedBy, ErrorSummary, FieldMessages, FormStateProvider, SubmitButton, useField, type FormResult, type SavedValues } from "./form";

export type ConsoleViewer = { email: string; roleLabel: string; isAdmin: boolean; shapesAvailability?: boolean; /** Threads of their studios waiting for an answer. */ textsWaiting?: number };

/** The console's top bar: where you are, who you are, and the way out (a POST form, never a link; everywhere: Your account). */
export function ConsoleBar({ viewer }: { viewer: ConsoleViewer | null }) {
  return (
    <header className="console-bar">
      <div className="console-bar-inner">
        <Link className="console-brand" to="/staff">
          Studio console
        </Link>
        {viewer ? (
          <>
            <nav aria-label="Console">
              <ul>
                <li>
                  <Link to="/staff">Day</Link>
                </li>
                <li>
                  <Link to="/staff/search">Find a patient</Link>
                </li>
                {/* Patients' replies by text (decision 062), and how many wait for an answer. */}
                <li>
                  <Link to="/staff/texts">
                    Texts
                    {viewer.textsWaiting ? (
                      <>
                        {" "}
                        <span className="console-count" aria-hidden="true">
                          {viewer.textsWaiting}
                        </span>
                        <span className="visually-hidden">, {viewer.textsWaiting} waiting for an answer</span>
                      </>
                    ) : null}
                  </Link>
                </li>
                {viewer.shapesAvailability ? (
                  <li>
                    <Link to="/staff/availability">Availability</Link>
                  </li>
                ) : null}
                {/* Reports for managers and admins (decision 077). */}
                {viewer.shapesAvailability ? (
                  <li>
                    <Link to="/staff/reports">Reports</Link>
                  </li>
                ) : null}
                {viewer.isAdmin ? (
                  <li>
                    <Link to="/staff/audit">Audit log</Link>
                  </li>
                ) : null}
                {/* Team and account (decision 026). */}
                {viewer.isAdmin ? (
                  <li>
                    <Link to="/staff/team">Team</Link>
                  </li>
                ) : null}
                {/* API keys for the practice's other systems (decision 033). */}
                {viewer.isAdmin ? (
                  <li>
                    <Link to="/staff/api-keys">API keys</Link>
                  </li>
                ) : null}
                {/* Webhook endpoints and their deliveries (decisions 032, 058). */}
                {viewer.isAdmin ? (
                  <li>
                    <Link to="/staff/webhooks">Webhooks</Link>
                  </li>
                ) : null}
                <li>
                  <Link to="/staff/account">Your account</Link>
                </li>
              </ul>
            </nav>
            <span className="console-who">
              {viewer.email} ({viewer.roleLabel})
            </span>
            <Form method="post" action="/staff/logout" reloadDocument>
              <button className="link-button" type="submit">
                Sign out
              </button>
            </Form>
          </>
        ) : null}
      </div>
    </header>
  );
}

export function ConsolePage({ title, narrow, children }: { title: ReactNode; narrow?: boolean; children: ReactNode }) {
  return (
    <div className={narrow ? "console-page narrow" : "console-page"}>
      <h1>{title}</h1>
      {children}
    </div>
  );
}

/** A secret shown once (an API key, a webhook signing secret): a read-only field, its label tied to it, to copy from. */
export function ShownOnce({ id, label, value, wide }: { id: string; label: string; value: string; wide?: boolean }) {
  return (
    <div className={wide ? "field shown-once shown-once-wide" : "field shown-once"}>
      <label htmlFor={id}>{label}</label>
      <input id={id} type="text" readOnly value={value} autoComplete="off" spellCheck={false} />
    </div>
  );
}

export function Tag({ tone, children }: { tone?: "warn" | "bad" | "good"; children: ReactNode }) {
  return <span className={tone ? `tag tag-${tone}` : "tag"}>{children}</span>;
}

/** A console form: the problems listed on top, the fields, one submit button; a real POST (no JavaScript needed). */
export function ConsoleForm({
  result,
  values,
  submitLabel,
  action,
  children,
}: {
  result?: FormResult;
  values?: SavedValues;
  submitLabel: string;
  action?: string;
  children: ReactNode;
}) {
  return (
    <FormStateProvider result={result} values={values}>
      <ErrorSummary />
      <Form method="post" action={action} className="form" noValidate reloadDocument>
        {children}
        <div className="form-actions">
          <SubmitButton label={submitLabel} />
        </div>
      </Form>
    </FormStateProvider>
  );
}

/** Checkboxes in columns (one id each), ticked from the form by name: after a refused post, what was posted. */
export function Checkboxes({ name, legend, hint, choices }: { name: string; legend: string; hint: string; choices: { value: string; label: string; detail?: string }[] }) {
  const chosen = useField(name).values;
  return (
    <ChoiceFieldset name={name} legend={legend} hint={hint}>
      <div className="choices choices-columns">
        {choices.map((c) => (
          <label className="choice" key={c.value} htmlFor={`${name}-${c.value}`}>
            <input type="checkbox" id={`${name}-${c.value}`} name={name} value={c.value} defaultChecked={chosen.includes(c.value)} />
            <span>
              <span className="choice-title">{c.label}</span>
              {c.detail ? <span className="choice-detail"> {c.detail}</span> : null}
            </span>
          </label>
        ))}
      </div>
    </ChoiceFieldset>
  );
}

/** The studios a console account, an API key or a webhook endpoint covers (field `studios`). */
export function StudioChoices({ studios, hint }: { studios: { slug: string; name: string }[]; hint: string }) {
  return <Checkboxes name="studios" legend="Studios" hint={hint} choices={studios.map((s) => ({ value: s.slug, label: s.name }))} />;
}

/**
 * A labelled `<select>` (id = name) with its hint and error; after a refused post, the value posted, else
 * `defaultValue`. `empty` is a first option with no value ("Choose…").
 */
export function SelectField({
  name,
  label,
  options,
  defaultValue,
  empty,
  hint,
}: {
  name: string;
  label: string;
  options: { value: string; label: string }[];
  defaultValue?: string;
  empty?: { value: string; label: string };
  hint?: string;
}) {
  const field = useField(name);
  return (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      <FieldMessages name={name} hint={hint} error={field.error} />
      <select id={name} name={name} defaultValue={field.value || defaultValue} aria-describedby={describedBy(name, hint, field.error)} aria-invalid={field.error ? true : undefined}>
        {empty ? <option value={empty.value}>{empty.label}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A table's one row when it has none: what is missing, across every column. */
export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns}>{children}</td>
    </tr>
  );
}
