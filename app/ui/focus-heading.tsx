import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * With JavaScript on, a navigation swaps the page without a load, so a screen reader would stay where it
 * was: move focus to the new page's error summary if it has one, else to its heading. Not on the first
 * page (a real load already starts at the top) nor on in-page links (#fragment).
 */
export function FocusHeadingOnNavigate() {
  const location = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (location.hash) return;
    const target = document.querySelector<HTMLElement>("main .error-summary") ?? document.querySelector<HTMLElement>("main h1");
    if (!target) return;
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus();
  }, [location.key, location.hash]);
  return null;
}
