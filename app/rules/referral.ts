// Spec §4: fbuy_ref_code wins; otherwise referralCode, stored with referral version v2.
export type CapturedReferral = { code: string; version?: "v2" };

/** A referral code as captured from a link, kept in a cookie and in the booking: one length everywhere. */
export const REFERRAL_CODE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The first non-empty (trimmed) parameter wins; if it is malformed the capture is dropped
 * (null), rather than falling back to the other parameter.
 */
export function captureReferral(params: URLSearchParams): CapturedReferral | null {
  const fbuy = params.get("fbuy_ref_code")?.trim();
  if (fbuy) return REFERRAL_CODE.test(fbuy) ? { code: fbuy } : null;
  const v2 = params.get("referralCode")?.trim();
  if (v2) return REFERRAL_CODE.test(v2) ? { code: v2, version: "v2" } : null;
  return null;
}

/** The referral campaigns that have a popup (spec §9). */
export const POPUP_CAMPAIGNS = ["evergreen", "breezybraces"] as const;
export type PopupCampaign = (typeof POPUP_CAMPAIGNS)[number];

/**
 * Spec §5: the campaign's popup opens when utm_source is friendbuy (any case) and utm_campaign contains the
 * campaign's name, once per browser session per popup (`shown`), never on the referral redirect routes.
 */
export function popupToShow({ utmSource, utmCampaign, shown, redirectRoute }: { utmSource: string | null; utmCampaign: string | null; shown: readonly string[]; redirectRoute: boolean }): PopupCampaign | null {
  if (redirectRoute || utmSource?.trim().toLowerCase() !== "friendbuy" || !utmCampaign) return null;
  const campaign = utmCampaign.toLowerCase();
  return POPUP_CAMPAIGNS.find((name) => campaign.includes(name) && !shown.includes(name)) ?? null;
}
