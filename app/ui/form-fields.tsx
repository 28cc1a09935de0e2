import type { InputHTMLAttributes } from "react";
import { useT } from "~/i18n/use-t";
import { describedBy, FieldMessages, useField } from "./form";

// The form kit's less common fields (file, password, date, checkbox, select), apart from form.tsx (the form's state,
// error summary, text field, radio groups and buttons), which most form pages need alone: each module is one chunk of
// client JS, and the pages that render none of these no longer load them (decision 019).

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
