import { json } from "@remix-run/node";
import { Honeypot, SpamError } from "remix-utils/honeypot/server";
import { z } from "zod/v4";
import { tFor } from "~/i18n/catalogues.server";
import { DEFAULT_LOCALE, localize, msg, type T } from "~/i18n/translate";
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

/** The console stays English (decision 027): shared helpers word in English unless given the reader's `t`. */
const english = () => tFor(DEFAULT_LOCALE);

/** "Too many attempts", for the 429 of a form (one wording: the account pages and the profile's forms). */
export function tooManyMessage(error: RateLimited, t: T = english()) {
  return t("account.errors.tooMany", { count: Math.ceil(error.retryAfterSeconds / 60) });
}

export function tooMany(error: RateLimited, values: Record<string, string> = {}, t: T = english()) {
  return rejected(
    values,
    { "": [tooManyMessage(error, t)] },
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

export const spamAnswer = (t: T = english()) => rejected({}, { "": [t("account.errors.notSent")] });

/** A form's text fields by name (strings only), for keeping what was typed. */
export function textValues(form: FormData, names: string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = form.get(name);
    if (typeof value === "string") values[name] = value.slice(0, 300);
  }
  return values;
}

/** Zod issues as one message per field, in the reader's words (schemas give `msg()` keys). */
export function fieldErrors(error: z.ZodError, t: T = english()): Errors {
  const errors: Errors = {};
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? "");
    errors[name] ??= [localize(t, issue.message)];
  }
  return errors;
}

export const emailField = z
  .string(msg("account.errors.emailRequired"))
  .trim()
  .min(1, msg("account.errors.emailRequired"))
  .max(254, msg("account.errors.emailTooLong"))
  .toLowerCase()
  .pipe(z.email(msg("account.errors.emailInvalid")));

/** A password as typed (not trimmed: spaces count). The policy itself is checked by newPasswordProblem. */
export const passwordField = z
  .string(msg("account.errors.passwordRequired"))
  .min(1, msg("account.errors.passwordRequired"))
  .max(PASSWORD_MAX * 4, msg("account.errors.passwordTooLong", { max: PASSWORD_MAX }));

export { RateLimited };
