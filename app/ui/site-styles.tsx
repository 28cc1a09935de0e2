import { createContext, useContext } from "react";
import accountStylesHref from "~/styles/account.css";
import stylesHref from "~/styles/app.css";
import tokensHref from "~/styles/tokens.css";
import { useNonce } from "./nonce";

/** The stylesheets, in cascade order: kept as separate sources, served as one block or one file. */
export const SITE_STYLESHEETS = [tokensHref, stylesHref, accountStylesHref];

/**
 * How the site's styles reach this page (decision 048): on a browser's first page inline (`css`, no render-blocking
 * request: decision 013) with a low-priority prefetch of the same text as one fingerprinted file (`href`); on the
 * next pages, once the `site_css` cookie says the browser was sent that file, a link to it (`css` null), from cache.
 */
export type SiteStylesDelivery = { css: string | null; href: string };
export const SiteStylesContext = createContext<SiteStylesDelivery>({ css: "", href: "" });

const ID = "site-styles";
const PREFETCH_ID = "site-styles-file";
let served: SiteStylesDelivery | undefined;

/** In the browser: what the server sent, read from the document once, so hydration and later renders keep it. */
function servedInBrowser(): SiteStylesDelivery {
  const element = document.getElementById(ID);
  if (element?.tagName === "LINK") return { css: null, href: element.getAttribute("href") ?? "" };
  return { css: element?.textContent ?? "", href: document.getElementById(PREFETCH_ID)?.getAttribute("href") ?? "" };
}

export function SiteStyles() {
  const fromServer = useContext(SiteStylesContext);
  const nonce = useNonce();
  const { css, href } = typeof document !== "undefined" ? (served ??= servedInBrowser()) : fromServer;
  if (css === null) return <link id={ID} rel="stylesheet" href={href} />;
  return (
    <>
      {/* suppressHydrationWarning: browsers hide a nonce attribute's value from the DOM. */}
      <style id={ID} nonce={nonce || undefined} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: css }} />
      {href ? <link id={PREFETCH_ID} rel="prefetch" href={href} /> : null}
    </>
  );
}
