import { json } from "@remix-run/node";
import { Honeypot, SpamError } from "remix-utils/honeypot/server";
import { z } from "zod/v4";
import { getEnv } from "~/platform/env.server";
import { readForm } from "~/platform/form-data.server";
import { PASSWORD_MAX } from "./passwords.server";
import { RateLimited } from "./rate-limit.server";

/** What the account routes share: the honeypot, the client's address, the form answers (400, 429). */
let honeypot: Honeypot | undefined;
function getHoneypot() {
  // Keyed with SESSION_SECRET so every container accepts the others' forms.
  honeypot ??= new Honeypot({ encryptionSeed: getEnv().sessionSecrets[0] });
  return honeypot;
}

/** The honeypot's hidden inputs for a public form (rendered with remix-utils' HoneypotInputs). */
export const honeypotProps = () => getHoneypot().getInputProps();

/** The client's address as server.ts determined it (only trusted proxy hops may name it). */
export function clientIp(context: { clientIp?: unknown }): string {
  return typeof context.clientIp === "string" && context.clientIp ? context.clientIp : "unknown";
}

type Errors = Record<string, string[]>;

/** The form again with messages: 400, what was typed kept (never a password). */
export function rejected(values: Record<string, string>, error: Errors, init: { status?: number; headers?: HeadersInit } = {}) {
  return json({ status: "error" as const, initialValue: values, error }, { status: init.status ?? 400, headers: init.headers });
}

export function tooMany(error: RateLimited, values: Record<string, string> = {}) {
  const minutes = Math.ceil(error.retryAfterSeconds / 60);
  return rejected(
    values,
    { "": [`Too many attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`] },
    { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } },
  );
}

/** Reads a public account form: the honeypot must be empty (a bot's post answers 400, nothing is done). */
export async function readAuthForm(request: Request, { publicForm = true } = {}): Promise<{ form: FormData; spam: boolean }> {
  const form = await readForm(request);
  if (!publicForm) return { form, spam: false };
  try {
    // remix-utils' rule: a filled trap or a forged/future timestamp is spam; a post without the fields (a script
    // that sends only what it fills in) is judged on its own, like any other post.
    getHoneypot().check(form);
    return { form, spam: false };
  } catch (error) {
    if (error instanceof SpamError) return { form, spam: true };
    throw error;
  }
}

export const spamAnswer = () => rejected({}, { "": ["This form could not be sent. Please reload the page and try again."] });

/** A form's text fields by name (strings only), for keeping what was typed. */
export function textValues(form: FormData, names: string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = form.get(name);
    if (typeof value === "string") values[name] = value.slice(0, 300);
  }
  return values;
}

/** Zod issues as one message per field. */
export function fieldErrors(error: z.ZodError): Errors {
  const errors: Errors = {};
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? "");
    errors[name] ??= [issue.message];
  }
  return errors;
}

export const emailField = z
  .string("Enter your email address.")
  .trim()
  .min(1, "Enter your email address.")
  .max(254, "That email address is too long.")
  .toLowerCase()
  .pipe(z.email("Enter an email address like name@example.com."));

/** A password as typed (not trimmed: spaces count). The policy itself is checked by newPasswordProblem. */
export const passwordField = z
  .string("Enter your password.")
  .min(1, "Enter your password.")
  .max(PASSWORD_MAX * 4, `Use at most ${PASSWORD_MAX} characters.`);

export { RateLimited };
