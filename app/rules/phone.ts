// Phone numbers (spec §5): valid iff exactly 10 digits; shown as (123) 456-7890, optional +1 prefix.

/** Digits only, with a leading US country code (1 / +1) removed; null unless exactly 10 digits remain. */
export function normalizePhone(input: string): string | null {
  let digits = input.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  return digits.length === 10 ? digits : null;
}

export function isValidPhone(input: string): boolean {
  return normalizePhone(input) !== null;
}

/** A number as a link's parts: its text, (617) 555-0171, and its `tel:` address, tel:+16175550171; null when invalid. */
export function phoneLink(input: string): { text: string; href: string } | null {
  const digits = normalizePhone(input);
  return digits ? { text: formatPhone(digits), href: `tel:+1${digits}` } : null;
}

/** Formats any accepted input; an invalid number is returned unchanged so nothing is lost on display. */
export function formatPhone(
  digits: string,
  { withCountryCode = false }: { withCountryCode?: boolean } = {},
): string {
  const d = normalizePhone(digits);
  if (!d) return digits;
  const local = `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
  return withCountryCode ? `+1 ${local}` : local;
}
