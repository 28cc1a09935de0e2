import { useEffect } from "react";
import { captureReferral } from "~/rules/referral";
import type { PublicEnv } from "./enhancements.client";

/** Runs only when JavaScript does: marks hydration, mirrors the referral code into browser storage (spec §4). */
export function ClientEnhancements({
  isLoggedIn,
  publicEnv,
  market = null,
  isWebView = false,
}: {
  isLoggedIn: boolean;
  publicEnv: PublicEnv | null;
  market?: string | null;
  isWebView?: boolean;
}) {
  useEffect(() => {
    // Web vitals once per page load (values arrive when the page is hidden); the rest only when switched on.
    void import("./enhancements.client")
      .then((extras) => {
        extras.reportWebVitals({ market, isWebView, isLoggedIn });
        if (publicEnv) extras.loadObservability(publicEnv, isLoggedIn);
      })
      .catch(() => undefined);
    // once per page load, with the settings the page was rendered with
  }, []);

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
