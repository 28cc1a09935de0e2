import { describedBy, FieldMessages, useField } from "./form";

// The form kit's checkbox and select, apart from form-fields.tsx (password, file, date): /profile and the family
// pages render a date or a password and no longer load these (decision 019).

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
