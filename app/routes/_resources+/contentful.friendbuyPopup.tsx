import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getPopup } from "~/content/pages.server";
import { i18nOf } from "~/i18n/locale.server";
import { POPUP_CAMPAIGNS } from "~/rules/referral";

/** `/contentful/friendbuyPopup?popupId=evergreen`: a campaign popup's fields as JSON, cached (spec §8). */
export async function loader({ request }: LoaderFunctionArgs) {
  const popupId = new URL(request.url).searchParams.get("popupId") ?? "";
  const popup = (POPUP_CAMPAIGNS as readonly string[]).includes(popupId) ? await getPopup(popupId, i18nOf(request).locale) : null;
  if (!popup) return json({ error: "No such popup." }, { status: 404, headers: { "Cache-Control": "no-store" } });
  return json(popup, { headers: { "Cache-Control": "public, max-age=300, stale-while-revalidate=3600", Vary: "Accept-Language, Cookie" } });
}
