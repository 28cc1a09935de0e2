/**
 * What may be logged, in one place: logs never hold personal data or secrets (tokens are keys to a
 * patient's visit, intake or account).
 */

/** Path segments after these hold a secret whatever it looks like (visits, intake card photos, account links). */
const SECRET_AFTER = new Set([
  "confirmed",
  "card-photo",
  "set-password",
  "reset-password",
  "reset",
  "verify",
  "verify-email",
  "verification",
  "magic-link",
  "invite",
  "unsubscribe",
  "token",
]);
const EMAIL = /[^\s<>"'@/]+@[^\s<>"'@/]+\.[A-Za-z]{2,}/g;

/** A segment that looks like a random token: ≥ 20 URL-safe characters with a digit or a capital (slugs have neither). */
const looksLikeToken = (segment: string) => /^[A-Za-z0-9_-]{20,}$/.test(segment) && /[0-9A-Z]/.test(segment);

function decodeSegment(segment: string) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The path of a request fit for the access log: no query (it may carry tokens or personal data), token
 * segments as `:token` (`/booking/confirmed/:token/calendar.ics`), email addresses as `:email`, no
 * control characters, at most 200 characters.
 */
export function loggablePath(url: string) {
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  let afterSecretWord = false;
  const segments = path.split("/").map((segment) => {
    const decoded = decodeSegment(segment);
    const masked =
      afterSecretWord && segment !== ""
        ? ":token"
        : looksLikeToken(decoded) || looksLikeToken(segment)
          ? ":token"
          : decoded.includes("@")
            ? ":email"
            : segment;
    afterSecretWord = SECRET_AFTER.has(decoded.toLowerCase());
    return masked;
  });
  // eslint-disable-next-line no-control-regex
  const line = segments.join("/").replace(/[\u0000-\u001f\u007f-\u009f\s]/g, "?");
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

/**
 * Error text fit for a log line: no query parameters (Drizzle puts them in its messages), no email
 * addresses (SMTP errors quote them), and no tokens in URLs the error quotes.
 */
export function redactForLog(error: unknown): string {
  const text = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  return text
    .replace(/\nparams: [^\n]*/g, "\nparams: [redacted]")
    .replace(EMAIL, "[email]")
    .replace(/([?&](?:token|code|key|secret|password)=)[^&\s"'#]+/gi, "$1[redacted]")
    .replace(/(?<=\/([A-Za-z-]+)\/)[^/\s?#"'<>]+/g, (segment, word: string) => (SECRET_AFTER.has(word.toLowerCase()) ? ":token" : segment));
}
