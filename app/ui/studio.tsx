import { formatPhone, normalizePhone } from "~/rules/phone";

/** What a page knows of a studio to tell a patient where to go and how to call. */
export type StudioContactInfo = {
  name: string;
  address: string;
  phone: string;
  openingHours: string;
  mapUrl: string | null;
  isVirtual: boolean;
};

/** A phone number as a `tel:` link ("tel:+16175550171"), shown as (617) 555-0171. */
export function PhoneLink({ phone, label }: { phone: string; label?: string }) {
  const digits = normalizePhone(phone);
  if (!digits) return null;
  return (
    <a href={`tel:+1${digits}`} className="phone-link">
      {label ? `${label} ` : null}
      {formatPhone(digits)}
    </a>
  );
}

/** The studio's address, hours, phone (a tel: link) and a map link; a video visit says so instead. */
export function StudioContact({ studio, showAddress = true }: { studio: StudioContactInfo; showAddress?: boolean }) {
  if (studio.isVirtual) {
    return (
      <span className="studio-facts">
        {showAddress ? <span>Video visit from home: we email you the link before your visit.</span> : null}
        {studio.phone ? (
          <span>
            Questions? Call <PhoneLink phone={studio.phone} />
          </span>
        ) : null}
      </span>
    );
  }
  return (
    <span className="studio-facts">
      {showAddress && studio.address ? <span className="studio-address">{studio.address}</span> : null}
      {studio.openingHours ? <span>{studio.openingHours}</span> : null}
      <span className="studio-links">
        {studio.phone ? <PhoneLink phone={studio.phone} /> : null}
        {studio.mapUrl ? (
          <a href={studio.mapUrl} rel="noopener noreferrer" target="_blank">
            Map<span className="visually-hidden"> of {studio.name} (opens in a new tab)</span>
          </a>
        ) : null}
      </span>
    </span>
  );
}
