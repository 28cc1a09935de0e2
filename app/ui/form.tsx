import { Link, useNavigation } from "@remix-run/react";
import { createContext, useContext, type InputHTMLAttributes, type ReactNode } from "react";
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
  inputMode?: "numeric" | "tel" | "email" | "text";
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

/** A field whose value is never put back after a post (a file, a password): label, hint, error, the input. */
function ValuelessField({ name, label, hint, ...input }: { name: string; label: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const { error } = useField(name);
  return (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      <FieldMessages name={name} hint={hint} error={error} />
      <input id={name} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy(name, hint, error)} {...input} />
    </div>
  );
}

/**
 * A labelled file input for a photo: `accept` names the image types, `capture` opens the camera on a phone.
 * A file cannot be kept after a failed post, so the page shows what is already stored beside it.
 */
export function FileField({ name, label, hint, accept, capture }: { name: string; label: string; hint?: string; accept: string; capture?: "environment" | "user" }) {
  return <ValuelessField name={name} label={label} hint={hint} type="file" accept={accept} capture={capture} />;
}

/** A labelled password input; its error comes from the form by `name`. The value is never put back. */
export function PasswordField({ name, label, hint, autoComplete }: { name: string; label: string; hint?: string; autoComplete: "current-password" | "new-password" }) {
  return <ValuelessField name={name} label={label} hint={hint} type="password" autoComplete={autoComplete} spellCheck={false} />;
}

/** A choice card: a strong title, a lighter description, and a price line where the choice has one. */
/**
 * A date as three numeric fields in a fieldset (GOV.UK's date pattern, in US order: month, day, year).
 * They post `<name>Month`, `<name>Day`, `<name>Year`; the action joins them into `<name>` (yyyy-mm-dd)
 * with `joinDateParts`. Starting values: the posted parts after a rejected post, else the saved date.
 */
export function DateField({ name, legend, hint, autoCompletePrefix }: { name: string; legend: string; hint?: string; autoCompletePrefix?: "bday" }) {
  const whole = useField(name);
  const [year, month, day] = /^\d{4}-\d{2}-\d{2}$/.test(whole.value) ? whole.value.split("-").map((v) => String(Number(v))) : ["", "", ""];
  const parts = [
    { key: "Month", label: "common.forms.month", fallback: month, size: "2", auto: "month" },
    { key: "Day", label: "common.forms.day", fallback: day, size: "2", auto: "day" },
    { key: "Year", label: "common.forms.year", fallback: year, size: "4", auto: "year" },
  ];
  const posted = { Month: useField(`${name}Month`), Day: useField(`${name}Day`), Year: useField(`${name}Year`) };
  const anyPosted = Object.values(posted).some((f) => f.value !== "");
  const error = whole.error;
  const t = useT();
  return (
    <fieldset className="field" id={name} aria-describedby={describedBy(name, hint, error)}>
      <legend>{legend}</legend>
      <FieldMessages name={name} hint={hint} error={error} />
      <div className="date-parts">
        {parts.map((part) => (
          <div className={`date-part date-part-${part.size}`} key={part.key}>
            <label htmlFor={`${name}${part.key}`}>{t(part.label)}</label>
            <input
              id={`${name}${part.key}`}
              name={`${name}${part.key}`}
              type="text"
              inputMode="numeric"
              pattern="[0-9]*"
              maxLength={Number(part.size)}
              autoComplete={autoCompletePrefix ? `${autoCompletePrefix}-${part.auto}` : undefined}
              defaultValue={anyPosted ? posted[part.key as keyof typeof posted].value : part.fallback}
              aria-invalid={error ? true : undefined}
            />
          </div>
        ))}
      </div>
    </fieldset>
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

/**
 * One native checkbox with its label (e.g. a confirmation the patient must tick). Ticked when the form's
 * value for `name` holds its `value` (a saved `true` counts as "on"); `defaultChecked` overrides.
 */
export function CheckboxField({
  name,
  label,
  value,
  defaultChecked,
  error,
  hint,
}: {
  name: string;
  label: string;
  /** What a ticked box posts; the browser's "on" when not given. */
  value?: string;
  defaultChecked?: boolean;
  error?: string;
  hint?: string;
}) {
  const field = useField(name);
  error ??= field.error;
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
          // Said outright: a checkbox React creates in the browser (a client-side navigation) posts "" without it.
          value={value ?? "on"}
          defaultChecked={defaultChecked ?? field.values.includes(value ?? "on")}
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

/** A labelled native select (e.g. a card's expiry month); value and error from the form by `name`. */
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
  const field = useField(name);
  error ??= field.error;
  return (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      <FieldMessages name={name} error={error} />
      <select
        id={name}
        name={name}
        defaultValue={defaultValue ?? field.value}
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
