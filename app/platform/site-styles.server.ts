import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";

let cached: { key: string; css: string; fingerprint: string } | undefined;

/**
 * The text of built stylesheets (`/build/_assets/….css` URLs, as a `.css` import gives them), joined in order;
 * read from public/ once per build (the URLs are fingerprinted, so new files mean new URLs).
 */
export function builtStylesheets(hrefs: string[]): { css: string; fingerprint: string } {
  const key = hrefs.join(" ");
  if (cached?.key !== key) {
    // Outside the Remix compiler (vitest renders the root document) a `.css` import is no URL: nothing to inline.
    const files = hrefs.filter((href) => typeof href === "string" && href.endsWith(".css"));
    const css = files.map((href) => readFileSync(path.join("public", href), "utf8")).join("\n");
    cached = { key, css, fingerprint: createHash("sha256").update(css).digest("base64url").slice(0, 12) };
  }
  return cached;
}

/** Where the site's stylesheet is served as one file (`routes/_resources+/site-styles.$fingerprint.tsx`). */
export const siteStylesHref = (fingerprint: string) => `/site-styles/${fingerprint}.css`;
