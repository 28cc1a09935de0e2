/**
 * Message formatting, the same on the server and in the browser (decision 027). Catalogues are i18next-style
 * JSON (`app/i18n/locales/<locale>/<namespace>.json`): a key's message with `{name}` placeholders, plural forms as
 * `key_one` / `key_other` (…`_few`, `_many` for languages that have them) chosen by `Intl.PluralRules` from
 * `count`. A page receives only its namespaces' messages, flattened as `<namespace>.<key>`.
 */
export type Messages = Record<string, string>;
export type Vars = Record<string, string | number>;
export type T = (key: string, vars?: Vars) => string;

import { pluralRules } from "~/rules/intl-formats";

export const DEFAULT_LOCALE = "en-US";

const pluralOf = (locale: string, count: number): string => pluralRules(locale).select(count);

/** The message for a key; a key no catalogue has comes back as itself (the catalogue test finds those). */
export function translate(messages: Messages, locale: string, key: string, vars?: Vars): string {
  let message = messages[key];
  if (vars && typeof vars.count === "number") message = messages[`${key}_${pluralOf(locale, vars.count)}`] ?? messages[`${key}_other`] ?? message;
  if (message === undefined) return key;
  return vars ? message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole)) : message;
}

export function makeT(messages: Messages, locale: string): T {
  return (key, vars) => translate(messages, locale, key, vars);
}

/**
 * A message with markup, split into text and tagged parts: "Read our <terms>terms</terms>." →
 * ["Read our ", { tag: "terms", text: "terms" }, "."]. The `<Trans>` component turns the tags into elements.
 */
export type Part = string | { tag: string; text: string };
export function splitTags(message: string): Part[] {
  const parts: Part[] = [];
  const pattern = /<(\w+)>([\s\S]*?)<\/\1>/g;
  let last = 0;
  for (let m = pattern.exec(message); m; m = pattern.exec(message)) {
    if (m.index > last) parts.push(message.slice(last, m.index));
    parts.push({ tag: m[1], text: m[2] });
    last = m.index + m[0].length;
  }
  if (last < message.length) parts.push(message.slice(last));
  return parts;
}

/**
 * A message a server rule or schema gives before it knows the reader's language: its key, with its values
 * (`msg("booking.errors.tooLong", { max: 200 })` → "booking.errors.tooLong|max=200"). `localize` words it.
 */
export function msg(key: string, vars?: Record<string, string | number>): string {
  return vars ? `${key}|${new URLSearchParams(Object.entries(vars).map(([k, v]) => [k, String(v)]))}` : key;
}

/** A `msg()` in the reader's words; any other text (a message already worded) as it is. */
export function localize(t: T, message: string): string {
  const [key, query] = message.split("|", 2);
  if (!/^[a-z][\w-]*\.[\w.-]+$/.test(key)) return message;
  const vars: Vars = {};
  for (const [k, v] of new URLSearchParams(query ?? "")) vars[k] = /^-?\d+$/.test(v) ? Number(v) : v;
  return t(key, query ? vars : undefined);
}

/** A Conform reply's messages (zod's, and a step's own) in the reader's words, before it reaches the page. */
export function localizeReply<R extends { error?: Record<string, string[] | null> | null }>(reply: R, t: T): R {
  if (!reply.error) return reply;
  const error: Record<string, string[] | null> = {};
  for (const [field, messages] of Object.entries(reply.error)) error[field] = messages ? messages.map((m) => localize(t, m)) : messages;
  return { ...reply, error };
}
