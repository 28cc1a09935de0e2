import { useT } from "~/i18n/use-t";
import { ContentImage, type ContentImageData } from "./content-image";

export type ReferralPopupData = { popupId: string; title: string; description: string; buttonText: string; buttonHref: string; image?: ContentImageData | null };

/**
 * A referral campaign's popup, rendered by the server: an open, non-modal dialog in the page, so it shows and
 * closes without JavaScript. Close reloads the page without the campaign's parameters; it will not open again
 * this session (the server recorded it).
 */
export function ReferralPopup({ popup, closeAction }: { popup: ReferralPopupData; closeAction: string }) {
  const t = useT();
  return (
    <dialog open className="referral-popup" aria-labelledby="referral-popup-title">
      {popup.image ? <ContentImage image={popup.image} className="referral-popup-image" /> : null}
      <h2 id="referral-popup-title">{popup.title}</h2>
      {popup.description ? <p>{popup.description}</p> : null}
      <div className="referral-popup-actions">
        <a className="button" href={popup.buttonHref}>
          {popup.buttonText}
        </a>
        <form method="get" action={closeAction}>
          <button type="submit" className="button button-secondary">
            {t("common.popup.close")}
          </button>
        </form>
      </div>
    </dialog>
  );
}
