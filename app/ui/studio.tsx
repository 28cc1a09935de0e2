import { useLocale, useT } from "~/i18n/use-t";
import { openingHoursIn } from "~/rules/opening-hours";
import { PhoneLink } from "./phone-link";

/** What a page knows of a studio to tell a patient where to go and how to call. */
export type StudioContactInfo = {
  name: string;
  address: string;
  phone: string;
  openingHours: string;
  mapUrl: string | null;
  isVirtual: boolean;
};

/**
 * The studio's address, hours, phone (a tel: link) and a map link; a video visit says so instead. Its words are in
 * `common`: the card shows on marketing, booking and visit pages alike.
 */
export function StudioContact({ studio, showAddress = true }: { studio: StudioContactInfo; showAddress?: boolean }) {
  const locale = useLocale();
  const t = useT();
  if (studio.isVirtual) {
    return (
      <span className="studio-facts">
        {showAddress ? <span>{t("common.studio.videoVisit")}</span> : null}
        {studio.phone ? (
          <span>
            {t("common.studio.questionsCall")} <PhoneLink phone={studio.phone} />
          </span>
        ) : null}
      </span>
    );
  }
  return (
    <span className="studio-facts">
      {showAddress && studio.address ? <span className="studio-address">{studio.address}</span> : null}
      {studio.openingHours ? <span>{openingHoursIn(studio.openingHours, locale)}</span> : null}
      <span className="studio-links">
        {studio.phone ? <PhoneLink phone={studio.phone} /> : null}
        {studio.mapUrl ? (
          <a href={studio.mapUrl} rel="noopener noreferrer" target="_blank">
            {t("common.studio.map")}
            <span className="visually-hidden">{t("common.studio.mapOf", { name: studio.name })}</span>
          </a>
        ) : null}
      </span>
    </span>
  );
}
