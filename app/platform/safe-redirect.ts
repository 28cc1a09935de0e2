/**
 * The one function for redirect targets that come from input (`returnTo`, `redirectTo`, …): a same-site
 * path, or the fallback. Refused: anything not starting with a single `/`; control characters (TAB, CR, LF,
 * NUL… which browsers strip, turning `/\t/evil.example` into `//evil.example`) and backslashes (`/\evil`),
 * raw or percent-encoded, at any depth of encoding; malformed encodings; targets that normalize to
 * another origin or to a protocol-relative `//…`. What is returned is the normalized path, query and hash
 * (non-ASCII percent-encoded), safe to put in a Location header.
 */
const BASE = "http://same-site.invalid";
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\\\u2028\u2029\ufeff]/;

function looksLocal(path: string) {
  return path.startsWith("/") && !path.startsWith("//") && !UNSAFE_CHARS.test(path);
}

export function safeRedirect(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || to.length === 0 || to.length > 2048) return fallback;
  // Every decoding of the target must itself be a plain local path (a server or browser may decode once more).
  let layer = to;
  for (let depth = 0; depth < 4; depth++) {
    if (!looksLocal(layer)) return fallback;
    let decoded: string;
    try {
      decoded = decodeURIComponent(layer);
    } catch {
      return fallback; // malformed percent-encoding
    }
    if (decoded === layer) break;
    layer = decoded;
    if (depth === 3) return fallback; // encoded four times over: nobody means that
  }
  let url: URL;
  try {
    url = new URL(to, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return looksLocal(path) ? path : fallback;
}
