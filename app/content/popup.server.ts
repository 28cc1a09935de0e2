import { cookies, readPopupsShown } from "~/platform/cookies.server";
import { popupToShow } from "~/rules/referral";
import { i18nOf } from "~/i18n/locale.server";
import { getPopup } from "./pages.server";
import type { Popup } from "./model";

/**
 * The referral popup this page opens (spec §5), and the session cookie that records it as shown: it opens
 * once per browser session per campaign. The redirect routes never get here (they answer before the page).
 */
export async function referralPopupFor(request: Request): Promise<{ popup: Popup; setCookie: string } | null> {
  const url = new URL(request.url);
  const shown = readPopupsShown(request);
  const id = popupToShow({ utmSource: url.searchParams.get("utm_source"), utmCampaign: url.searchParams.get("utm_campaign"), shown, redirectRoute: false });
  if (!id) return null;
  const popup = await getPopup(id, i18nOf(request).locale);
  return popup ? { popup, setCookie: cookies.popupsShown([...shown, id]) } : null;
}
