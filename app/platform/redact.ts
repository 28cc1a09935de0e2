/**
 * Error text fit for a log line: no query parameters (Drizzle puts them in its messages) and no email
 * addresses (SMTP errors quote them). Logs must never hold personal data.
 */
export function redactForLog(error: unknown): string {
  const text = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  return text
    .replace(/\nparams: [^\n]*/g, "\nparams: [redacted]")
    .replace(/[^\s<>"'@]+@[^\s<>"'@]+\.[A-Za-z]{2,}/g, "[email]");
}
