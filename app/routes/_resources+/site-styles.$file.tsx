import type { LoaderFunctionArgs } from "@remix-run/node";
import { builtStylesheets, siteStylesHref } from "~/platform/site-styles.server";
import { SITE_STYLESHEETS } from "~/ui/site-styles";

/**
 * The site's stylesheet as one file (decision 048): a page sent to a browser that already holds it links this instead
 * of carrying the CSS inline. The current fingerprint is cached for a year, immutable; any other answers the current
 * text uncached (an old page after a deploy still gets styles).
 */
export function loader({ params }: LoaderFunctionArgs) {
  const { css, fingerprint } = builtStylesheets(SITE_STYLESHEETS);
  const current = siteStylesHref(fingerprint).endsWith(`/${params.file}`);
  return new Response(css, {
    headers: {
      "Content-Type": "text/css; charset=utf-8",
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "no-cache",
    },
  });
}
