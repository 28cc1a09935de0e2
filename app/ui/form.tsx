import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";

/** The server's answer to a rejected form (Conform's SubmissionResult, narrowed to what we render). */
export type FormResult = {
  status?: "error" | "success";
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null> | null;
} | null | undefined;

export function fieldError(result: FormResult, name: string): string | undefined {
  return result?.error?.[name]?.[0] ?? undefined;
}

/** The value the patient typed (kept after a rejected post), else the saved one. */
export function fieldValue(result: FormResult, name: string, saved?: string | null): string {
  const typed = result?.initialValue?.[name];
  if (typeof typed === "string") return typed;
  return saved ?? "";
}

/** A list of every problem at the top of the form, each linking to its field. */
export function ErrorSummary({ result, labels }: { result: FormResult; labels: Record<string, string> }) {
  const entries = Object.entries(result?.error ?? {}).filter(([, messages]) => messages?.length);
  if (entries.length === 0) return null;
  return (
    <div className="error-summary" role="alert" aria-labelledby="error-summary-title" tabIndex={-1}>
      <h2 id="error-summary-title">There is a problem</h2>
      <ul>
        {entries.map(([name, messages]) =>
          name === "" ? (
            <li key="form">{messages![0]}</li>
          ) : (
            <li key={name}>
              <a href={`#${labels[name] ? name : "main"}`}>{messages![0]}</a>
            </li>
          ),
        )}
      </ul>
    </div>
  );
}

/** The ids a field's hint and error paragraphs carry, for aria-describedby. */
function describedBy(name: string, hint?: string, error?: string) {
  return [hint ? `${name}-hint` : null, error ? `${name}-error` : null].filter(Boolean).join(" ") || undefined;
}

/** A field's hint and error, as paragraphs the control points to. */
function FieldMessages({ name, hint, error }: { name: string; hint?: string; error?: string }) {
  return (
    <>
      {hint ? (
        <p className="hint" id={`${name}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${name}-error`}>
          {error}
        </p>
      ) : null}
    </>
  );
}

export function TextField({
  name,
  label,
  hint,
  type = "text",
  defaultValue,
  error,
  autoComplete,
  inputMode,
  multiline,
}: {
  name: string;
  label: string;
  hint?: string;
  type?: "text" | "email" | "tel" | "date";
  defaultValue?: string;
  error?: string;
  autoComplete?: string;
  inputMode?: "numeric" | "tel" | "email" | "text";
  multiline?: boolean;
}) {
  const common = {
    id: name,
    name,
    defaultValue,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(name, hint, error),
    autoComplete,
  };
  return (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      <FieldMessages name={name} hint={hint} error={error} />
      {multiline ? <textarea {...common} rows={5} /> : <input {...common} type={type} inputMode={inputMode} />}
    </div>
  );
}

export type Choice = { value: string; label: string; detail?: string };

export function ChoiceGroup({
  name,
  legend,
  choices,
  defaultValue,
  error,
  hint,
  className = "choices",
}: {
  name: string;
  legend: string;
  choices: Choice[];
  defaultValue?: string | null;
  error?: string;
  hint?: string;
  className?: string;
}) {
  return (
    <fieldset className="field" id={name} aria-describedby={describedBy(name, hint, error)} aria-invalid={error ? true : undefined}>
      <legend>{legend}</legend>
      <FieldMessages name={name} hint={hint} error={error} />
      <div className={className}>
        {choices.map((choice) => (
          <label className="choice" key={choice.value}>
            <input type="radio" name={name} value={choice.value} defaultChecked={defaultValue === choice.value} />
            <span>
              <span className="choice-title">{choice.label}</span>
              {choice.detail ? <span className="choice-detail">{choice.detail}</span> : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A booking step: heading, the form (a real POST), Back as a plain link and Next as a submit button. */
export function StepPage({
  title,
  intro,
  back,
  result,
  labels = {},
  submitLabel = "Continue",
  children,
  after,
}: {
  title: string;
  intro?: ReactNode;
  back: string | null;
  result?: FormResult;
  labels?: Record<string, string>;
  submitLabel?: string;
  children?: ReactNode;
  after?: ReactNode;
}) {
  return (
    <div className="page narrow">
      <h1>{title}</h1>
      {intro}
      <ErrorSummary result={result} labels={labels} />
      <Form method="post" className="form" noValidate>
        {children}
        <div className="form-actions">
          <SubmitButton label={submitLabel} />
          {back ? (
            <Link to={back} className="back-link">
              Back
            </Link>
          ) : null}
        </div>
      </Form>
      {after}
    </div>
  );
}

/* booking core */

/** One native checkbox with its label (e.g. a confirmation the patient must tick). */
export function CheckboxField({
  name,
  label,
  defaultChecked,
  error,
  hint,
}: {
  name: string;
  label: string;
  defaultChecked?: boolean;
  error?: string;
  hint?: string;
}) {
  return (
    <div className="field">
      {error ? (
        <p className="field-error" id={`${name}-error`}>
          {error}
        </p>
      ) : null}
      <label className="choice" htmlFor={name}>
        <input
          type="checkbox"
          id={name}
          name={name}
          defaultChecked={defaultChecked}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(name, hint, error)}
        />
        <span>
          <span className="choice-title">{label}</span>
          {hint ? (
            <span className="choice-detail" id={`${name}-hint`}>
              {hint}
            </span>
          ) : null}
        </span>
      </label>
    </div>
  );
}

/** A labelled native select (e.g. a card's expiry month). */
export function SelectField({
  name,
  label,
  options,
  defaultValue,
  error,
  autoComplete,
}: {
  name: string;
  label: string;
  options: { value: string; label: string }[];
  defaultValue?: string;
  error?: string;
  autoComplete?: string;
}) {
  return (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      <FieldMessages name={name} error={error} />
      <select
        id={name}
        name={name}
        defaultValue={defaultValue}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, undefined, error)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The step's submit button; with JavaScript it says it is working and cannot be pressed twice. */
export function SubmitButton({ label, pendingLabel = "One moment…" }: { label: string; pendingLabel?: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <button type="submit" className="button" disabled={busy} aria-live="polite">
      {busy ? pendingLabel : label}
    </button>
  );
}
