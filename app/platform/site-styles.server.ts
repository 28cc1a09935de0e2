import { readFileSync } from "node:fs";
import path from "node:path";

let cached: { key: string; css: string } | undefined;

/**
 * The text of built stylesheets (`/build/_assets/….css` URLs, as a `.css` import gives them), joined in order;
 * read from public/ once per build (the URLs are fingerprinted, so new files mean new URLs).
 */
export function builtStylesheets(hrefs: string[]) {
  const key = hrefs.join(" ");
  if (cached?.key !== key) {
    // Outside the Remix compiler (vitest renders the root document) a `.css` import is no URL: nothing to inline.
    const files = hrefs.filter((href) => typeof href === "string" && href.endsWith(".css"));
    cached = { key, css: files.map((href) => readFileSync(path.join("public", href), "utf8")).join("\n") };
  }
  return cached.css;
}
