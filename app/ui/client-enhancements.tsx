import { useEffect } from "react";
import { captureReferral } from "~/rules/referral";

/** Runs only when JavaScript does: mirrors the referral code into browser storage (spec §4). */
export function ClientEnhancements({ isLoggedIn }: { isLoggedIn: boolean }) {
  useEffect(() => {
    // Marks the page as interactive (used by the e2e tests to wait for hydration instead of racing it).
    document.documentElement.dataset.hydrated = "true";
  }, []);
  useEffect(() => {
    const referral = captureReferral(new URLSearchParams(window.location.search));
    if (!referral) return;
    try {
      window.localStorage.setItem("friendbuy_referral_code", referral.code);
      if (referral.version) window.localStorage.setItem("friendbuy_referral_version", referral.version);
    } catch {
      // storage may be disabled (private mode): the first-party cookie still carries the code
    }
  }, []);
  useEffect(() => {
    try {
      window.localStorage.setItem("isLoggedIn", String(isLoggedIn));
    } catch {
      /* ignore */
    }
  }, [isLoggedIn]);
  return null;
}
