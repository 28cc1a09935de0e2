import { createContext, useContext } from "react";
import accountStylesHref from "~/styles/account.css";
import stylesHref from "~/styles/app.css";
import tokensHref from "~/styles/tokens.css";
import { useNonce } from "./nonce";

/** The stylesheets, in cascade order: kept as separate sources, served as one inline block. */
export const SITE_STYLESHEETS = [tokensHref, stylesHref, accountStylesHref];

/**
 * The site's stylesheets (tokens.css, app.css, account.css as built), inlined in the document head: a linked
 * stylesheet is render-blocking, and on a phone its round trips alone held the first paint (and so LCP) back by
 * ≈ 1.5 s (decision 013). The server provides the text (entry.server); the browser keeps the text it was served.
 */
export const SiteStylesContext = createContext("");

const ID = "site-styles";
let served: string | undefined;

export function SiteStyles() {
  const fromServer = useContext(SiteStylesContext);
  const nonce = useNonce();
  // In the browser the element is already in the document: hydration and later renders reuse its text.
  if (typeof document !== "undefined") served ??= document.getElementById(ID)?.textContent ?? "";
  const css = typeof document !== "undefined" ? (served ?? "") : fromServer;
  // suppressHydrationWarning: browsers hide a nonce attribute's value from the DOM.
  return <style id={ID} nonce={nonce || undefined} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: css }} />;
}
