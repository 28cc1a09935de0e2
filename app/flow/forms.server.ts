/**
 * The form kit: how every form post of the app is read and answered (issue 34 D, decision 037). The booking and
 * intake steps (`steps.server.ts`), the account pages, the patient area and the studio console all use it:
 * - read: one post at most 64 KB and 300 fields (refused with 413 before the app, `server.ts`), from this site
 *   only (403 otherwise), never a 500 on a body that is not a form, the honeypot checked on public forms;
 * - validate with zod: the schemas give `msg()` keys (or worded text, the console's English);
 * - refuse: 400 with what was typed kept (never a password) and one message per field in the reader's words,
 *   in Conform's reply shape (`status`, `initialValue`, `error`, and the form's `intent` on pages with several);
 * - a rate limit: 429 with `Retry-After` and the same shape, its message at the top of the form.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { json } from "@remix-run/node";
import { Honeypot, SpamError } from "remix-utils/honeypot/server";
import type { z } from "zod/v4";
import { tFor } from "~/i18n/catalogues.server";
import { DEFAULT_LOCALE, localizeReply, type T } from "~/i18n/translate";
import { getEnv } from "~/platform/env.server";
import { readForm } from "~/platform/form-data.server";

export type FieldErrors = Record<string, string[]>;

/** What a rate limit says when it refuses (auth/rate-limit.server.ts's RateLimited). */
type Limited = { retryAfterSeconds: number };

let honeypot: Honeypot | undefined;
function getHoneypot() {
  // Keyed with SESSION_SECRET so every container accepts the others' forms.
  honeypot ??= new Honeypot({ encryptionSeed: getEnv().sessionSecrets[0] });
  return honeypot;
}

/** The honeypot's hidden inputs for a public form (rendered with remix-utils' HoneypotInputs, ui/account). */
export const honeypotProps = () => getHoneypot().getInputProps();

/** The client's address as server.ts determined it (only trusted proxy hops may name it). */
export function clientIp(context: { clientIp?: unknown }): string {
  return typeof context.clientIp === "string" && context.clientIp ? context.clientIp : "unknown";
}

/**
 * Reads a form post (same site only; a body that is not a form reads as empty). A public form (one a stranger can
 * post: sign up, log in, reset) carries the honeypot: a filled trap or a forged timestamp is spam (answered 400,
 * nothing done). A post without the fields (a script that sends only what it fills in) is judged on its own.
 */
export async function readFormPost(request: Request, { publicForm = false } = {}): Promise<{ form: FormData; spam: boolean }> {
  const form = await readForm(request);
  if (!publicForm) return { form, spam: false };
  try {
    getHoneypot().check(form);
    return { form, spam: false };
  } catch (error) {
    if (error instanceof SpamError) return { form, spam: true };
    throw error;
  }
}

/** The console stays English (decision 027): messages are worded in English unless the reader's `t` is given. */
const english = () => tFor(DEFAULT_LOCALE);

type RefuseInit = { status?: number; headers?: HeadersInit; intent?: string | null; t?: T };

/**
 * The form again with messages: 400 (or `status`), what was typed kept, each message in the reader's words.
 * `extra` adds what the page shows beside the form (a page may need to tell this answer from its success).
 */
export function rejected<Extra extends object = object>(values: Record<string, unknown>, error: FieldErrors, init: RefuseInit & { extra?: Extra } = {}) {
  const reply = { ...(init.extra as Extra), intent: init.intent ?? null, status: "error" as const, initialValue: values, error };
  return json(localizeReply(reply, init.t ?? english()), { status: init.status ?? 400, headers: init.headers });
}

/**
 * "Too many attempts" in the reader's words (the account pages, the profile's forms and the console alike), or the
 * form's own `message` (a catalogue key given the minutes to wait as `count`).
 */
export function tooManyMessage(limit: Limited, t: T = english(), message = "account.errors.tooMany") {
  return t(message, { count: Math.max(1, Math.ceil(limit.retryAfterSeconds / 60)) });
}

/** A rate limit's answer: 429, `Retry-After`, the form's values kept and the message at its top. */
export function tooMany(limit: Limited, values: Record<string, unknown> = {}, init: Omit<RefuseInit, "status"> & { message?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set("Retry-After", String(limit.retryAfterSeconds));
  return rejected(values, { "": [tooManyMessage(limit, init.t, init.message)] }, { ...init, status: 429, headers });
}

/** A public form whose honeypot caught a bot: 400, nothing done, nothing kept. */
export const spamAnswer = (t: T = english()) => rejected({}, { "": ["account.errors.notSent"] }, { t });

/** A form's text fields by name (strings only, at most 300 characters each), for keeping what was typed. */
export function textValues(form: FormData, names: string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = form.get(name);
    if (typeof value === "string") values[name] = value.slice(0, 300);
  }
  return values;
}

/** A form's lists by name (the ticked values of a checkbox group: strings only, at most 10, 300 characters each). */
function listValues(form: FormData, names: string[]): Record<string, string[]> {
  const values: Record<string, string[]> = {};
  for (const name of names) values[name] = form.getAll(name).filter((v): v is string => typeof v === "string").slice(0, 10).map((v) => v.slice(0, 300));
  return values;
}

/** How a refused form comes back: which form of the page (`intent`), and which typed values return. */
export type ValidateOptions = {
  /** The form of a page with several (its `intent`), so the page shows the messages beside the right one. */
  intent?: string | null;
  /** The text fields whose typed values come back (at most 300 characters each); without it, all but `hide`. */
  keep?: string[];
  /** With `keep`: the lists (a group of checkboxes) whose ticked values come back, as arrays. */
  lists?: string[];
  /** Fields never sent back (a password, a card number). */
  hide?: string[];
  /** The answer's headers (a private page's cache rules). */
  headers?: HeadersInit;
  /** The messages the form shows instead of the fields' own (a form of hidden fields says one thing at its top). */
  errors?: (found: FieldErrors) => FieldErrors;
};

type Refusal = { fieldErrors?: FieldErrors; formErrors?: string[] };
/** What `refine` returned, without its refusals (the value a valid form gives). */
type Accepted<Out> = Exclude<Out, { formErrors: unknown } | { fieldErrors: unknown }>;

/**
 * Validates a whole form with zod through Conform (its coercion of form fields: empty → absent, numbers, lists):
 * the value, or the 400 answer with the form's values and messages (the kit's `rejected` shape). `refine` may
 * refuse a valid value with messages of its own (a studio not in the market, a time just taken, a wrong password).
 * The one way a form post is parsed (decisions 037 and 069): no `safeParse(Object.fromEntries(form))` elsewhere.
 */
export async function validateForm<Schema extends z.ZodType, Out = z.output<Schema>, Extra extends object = object>(
  form: FormData,
  schema: Schema,
  t: T,
  refine?: (value: z.output<Schema>) => Out | Refusal | Promise<Out | Refusal>,
  /** `extra`: what the page shows beside the form, sent with the refusal (as `rejected`'s). */
  options: ValidateOptions & { extra?: Extra } = {},
): Promise<{ ok: true; value: Accepted<Out> } | { ok: false; response: ReturnType<typeof rejected<Extra>> }> {
  const submission = parseWithZod(form, { schema });
  const refuse = (refusal?: Refusal) => {
    const reply = submission.reply({ ...refusal, hideFields: options.hide });
    const values = options.keep ? { ...textValues(form, options.keep), ...listValues(form, options.lists ?? []) } : (reply.initialValue ?? {});
    const found = firstMessages(reply.error);
    return { ok: false as const, response: rejected<Extra>(values, options.errors ? options.errors(found) : found, { intent: options.intent, headers: options.headers, extra: options.extra, t }) };
  };
  if (submission.status !== "success") return refuse();
  const value = refine ? await refine(submission.value as z.output<Schema>) : (submission.value as Out);
  if (isRefusal(value)) return refuse(value);
  return { ok: true, value: value as Accepted<Out> };
}

/**
 * Conform's messages per field (null for a field it cleared), as the kit's: each field's first message. A list's
 * item (`studios[0]`) speaks for its field (`studios`): the page shows messages by the inputs' name.
 */
function firstMessages(error: Record<string, string[] | null> | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const [path, messages] of Object.entries(error ?? {})) {
    const name = path.replace(/[[.].*$/, "");
    if (messages?.length) errors[name] ??= [messages[0]];
  }
  return errors;
}

function isRefusal(value: unknown): value is Refusal {
  return typeof value === "object" && value !== null && ("fieldErrors" in value || "formErrors" in value);
}
