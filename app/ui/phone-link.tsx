import { formatPhone, normalizePhone, phoneLink } from "~/rules/phone";

// PhoneLink apart from studio.tsx, so the visit change pages (which show a studio's phone, not its card) do not load
// the studio card. The browser's code reaches the phone rules only through this module (formatPhone, normalizePhone
// re-exported for the pages that format a number themselves), so the rules and the link are one chunk, not two.
export { formatPhone, normalizePhone };

/** A phone number as a `tel:` link ("tel:+16175550171"), shown as (617) 555-0171. */
export function PhoneLink({ phone, label }: { phone: string; label?: string }) {
  const link = phoneLink(phone);
  if (!link) return null;
  return (
    <a href={link.href} className="phone-link">
      {label ? `${label} ` : null}
      {link.text}
    </a>
  );
}
