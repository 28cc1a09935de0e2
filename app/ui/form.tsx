import { Link, useNavigation } from "@remix-run/react";
import { createContext, useContext, type ReactNode } from "react";
import { useT } from "~/i18n/use-t";

/** The server's answer to a rejected form (Conform's SubmissionResult, narrowed to what we render). */
export type FormResult = {
  status?: "error" | "success";
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null> | null;
} | null | undefined;

/** What the patient answered before, by field name, as the loader gives it (a `true` ticks a checkbox). */
export type SavedValues = Record<string, unknown> | null | undefined;

type FormState = { result: FormResult; values: SavedValues };
const FormStateContext = createContext<FormState>({ result: undefined, values: undefined });

/**
 * Gives the fields inside it their errors and starting values: `result`, the action's answer to a
 * rejected post, and `values`, the saved answers. StepPage (step-page.tsx) provides it; a form laid out another way can too.
 */
export function FormStateProvider({ result, values, children }: FormState & { children: ReactNode }) {
  return <FormStateContext.Provider value={{ result, values }}>{children}</FormStateContext.Provider>;
}

function asStrings(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(asStrings);
  if (typeof value === "string") return [value];
  if (typeof value === "number") return [String(value)];
  if (value === true) return ["on"];
  return [];
}

/**
 * A field's first error and starting value(s), read by name from the form it is in. After a rejected
 * post the form shows what was posted, and only that (Conform drops empty fields and unticked boxes, so
 * an absent name is an empty answer); otherwise the saved answer; "" when there is neither.
 */
export function useField(name: string): { error: string | undefined; value: string; values: string[] } {
  const { result, values: saved } = useContext(FormStateContext);
  const posted = result?.initialValue;
  const values = asStrings(posted ? posted[name] : saved?.[name]);
  return { error: result?.error?.[name]?.[0] ?? undefined, value: values[0] ?? "", values };
}

/** A list of every problem at the top of the form: each links to its field (id = name), a form-level one is plain. */
export function ErrorSummary() {
  const { result } = useContext(FormStateContext);
  const t = useT();
  const entries = Object.entries(result?.error ?? {}).filter(([, messages]) => messages?.length);
  if (entries.length === 0) return null;
  return (
    <div className="error-summary" role="alert" aria-labelledby="error-summary-title" tabIndex={-1}>
      <h2 id="error-summary-title">{t("common.forms.errorSummary")}</h2>
      <ul>
        {entries.map(([name, messages]) =>
          name === "" ? (
            <li key="form">{messages![0]}</li>
          ) : (
            <li key={name}>
              <a href={`#${name}`}>{messages![0]}</a>
            </li>
          ),
        )}
      </ul>
    </div>
  );
}

/** The ids a field's hint and error paragraphs carry, for aria-describedby. */
export function describedBy(name: string, hint?: string, error?: string) {
  return [hint ? `${name}-hint` : null, error ? `${name}-error` : null].filter(Boolean).join(" ") || undefined;
}

/** A field's hint and error, as paragraphs the control points to. */
export function FieldMessages({ name, hint, error }: { name: string; hint?: string; error?: string }) {
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

/**
 * A labelled text input (or textarea). Its value and error come from the form by `name`; the props
 * `defaultValue` and `error` override them. A date is `type="date"` with `min`/`max` (yyyy-mm-dd).
 */
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
  min,
  max,
  optional,
}: {
  name: string;
  label: string;
  /** Says "(optional)" after the label, in the page's language. */
  optional?: boolean;
  hint?: string;
  type?: "text" | "email" | "tel" | "date" | "time";
  defaultValue?: string;
  error?: string;
  autoComplete?: string;
  inputMode?: "numeric" | "tel" | "email" | "text" | "url";
  multiline?: boolean;
  min?: string;
  max?: string;
}) {
  const field = useField(name);
  const t = useT();
  error ??= field.error;
  const common = {
    id: name,
    name,
    defaultValue: defaultValue ?? field.value,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(name, hint, error),
    autoComplete,
  };
  return (
    <div className="field">
      <label htmlFor={name}>{optional ? t("common.forms.optional", { label }) : label}</label>
      <FieldMessages name={name} hint={hint} error={error} />
      {multiline ? <textarea {...common} rows={5} /> : <input {...common} type={type} inputMode={inputMode} min={min} max={max} />}
    </div>
  );
}

export type Choice = { value: string; label: string; detail?: string; price?: string };

/**
 * A fieldset (id = name) with its legend, hint and error, for a group of radios or checkboxes; its
 * error comes from the form by `name` unless `error` is given.
 */
export function ChoiceFieldset({
  name,
  legend,
  hint,
  error,
  children,
}: {
  name: string;
  legend: string;
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
  const field = useField(name);
  error ??= field.error;
  return (
    <fieldset className="field" id={name} aria-describedby={describedBy(name, hint, error)} aria-invalid={error ? true : undefined}>
      <legend>{legend}</legend>
      <FieldMessages name={name} hint={hint} error={error} />
      {children}
    </fieldset>
  );
}

/** One radio with its title; `children` follow the title (a detail, a badge). Checked when it is the field's value. */
export function Radio({
  name,
  value,
  label,
  defaultChecked,
  children,
}: {
  name: string;
  value: string;
  label: string;
  defaultChecked?: boolean;
  children?: ReactNode;
}) {
  const field = useField(name);
  return (
    <label className="choice">
      <input type="radio" name={name} value={value} defaultChecked={defaultChecked ?? field.value === value} />
      <span>
        <span className="choice-title">{label}</span>
        {children}
      </span>
    </label>
  );
}

/** A radio group: one choice of a list. `defaultValue` overrides the form's value for `name`. */
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
    <ChoiceFieldset name={name} legend={legend} hint={hint} error={error}>
      <div className={className}>
        {choices.map((choice) => (
          <Radio
            key={choice.value}
            name={name}
            value={choice.value}
            label={choice.label}
            defaultChecked={defaultValue === undefined ? undefined : defaultValue === choice.value}
          >
            {choice.detail ? <span className="choice-detail">{choice.detail}</span> : null}
            {choice.price ? <span className="choice-price">{choice.price}</span> : null}
          </Radio>
        ))}
      </div>
    </ChoiceFieldset>
  );
}

/* booking core */

/** Next as the submit button, then Back as a plain link to the previous step (none on the first). */
export function FormActions({ submitLabel, pendingLabel, back }: { submitLabel?: string; pendingLabel?: string; back: string | null }) {
  const t = useT();
  return (
    <div className="form-actions">
      <SubmitButton label={submitLabel ?? t("common.forms.continue")} pendingLabel={pendingLabel} />
      {back ? (
        <Link to={back} className="back-link">
          {t("common.forms.back")}
        </Link>
      ) : null}
    </div>
  );
}

/** The step's submit button; with JavaScript it says it is working and cannot be pressed twice. */
export function SubmitButton({ label, pendingLabel }: { label: string; pendingLabel?: string }) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  return (
    <button type="submit" className="button" disabled={busy} aria-live="polite">
      {busy ? (pendingLabel ?? t("common.forms.busy")) : label}
    </button>
  );
}
