import { json } from "@remix-run/node";
import { isCrossSiteRequest } from "./csrf";

/** A form post from another site is refused (the same rule server.ts applies to every request). */
export function assertSameOrigin(request: Request) {
  if (isCrossSiteRequest(request.method, request.headers, new URL(request.url).host)) {
    throw json({ status: "error", error: { "": ["This form was sent from another site and was not accepted."] } }, { status: 403 });
  }
}

/** Form data of any post; a body that is not a form (JSON, garbage) reads as an empty form, never a 500. */
export async function readForm(request: Request): Promise<FormData> {
  assertSameOrigin(request);
  return request.formData().catch(() => new FormData());
}

/**
 * Joins a date posted as three fields (`<name>Month`, `<name>Day`, `<name>Year`, see ui/form DateField)
 * into `<name>` as yyyy-mm-dd, in place. Parts that are not numbers are kept as typed, so the schema
 * rejects them; no parts at all leave `<name>` as posted (a client posting yyyy-mm-dd still works).
 */
export function joinDateParts(form: FormData, name: string) {
  const part = (key: string) => String(form.get(`${name}${key}`) ?? "").trim();
  const [month, day, year] = [part("Month"), part("Day"), part("Year")];
  if (!month && !day && !year) return;
  const numeric = /^\d{1,2}$/.test(month) && /^\d{1,2}$/.test(day) && /^\d{4}$/.test(year);
  form.set(name, numeric ? `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}` : `${month}/${day}/${year}`.slice(0, 10));
}
