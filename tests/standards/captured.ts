/**
 * What the tests received (pages, emails' HTML, calendar files), kept on disk during a run and checked in one
 * pass at its end: `checkCaptured` (e2e: the `standards` teardown project; integration tests: vitest's global
 * teardown). Each file `<kind>-<hash>.html` has a `.json` beside it saying where it came from.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { checkHtmlDir, type HtmlProblem } from "./html";
import { icsFacts, icsProblems } from "./ics";
import { mimeParts } from "./mime";

/** Where a captured document came from: a page (its URL and status) or an email (its subject, its calendar parts). */
export type Source = { kind: "page" | "email"; url: string; status?: number; from: string; calendarParts?: string[] };

/** The capture folder of a run: e2e and vitest each set their own (CAPTURE_DIR) before the tests start. */
export const captureDir = () => process.env.STANDARDS_CAPTURE_DIR ?? path.resolve("test-results/standards");

export function resetCaptures(dir = captureDir()) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
}

/** The integration tests' folder (vitest.config.ts gives it to the workers; its global setup checks it at the end). */
export const VITEST_CAPTURE_DIR = path.resolve("test-results/standards-vitest");

/** The nonce and random tokens differ on every response: the same markup is stored and validated once. */
const sameMarkup = (html: string) => html.replace(/nonce="[^"]*"/g, "").replace(/[A-Za-z0-9_-]{32,}/g, "T");

export function captureHtml(html: string, source: Source) {
  const dir = captureDir();
  mkdirSync(dir, { recursive: true });
  const name = `${source.kind}-${createHash("sha1").update(sameMarkup(html)).digest("hex").slice(0, 16)}`;
  writeFileSync(path.join(dir, `${name}.html`), html);
  writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(source));
}

export function captureIcs(ics: string, from: string) {
  const dir = captureDir();
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `ics-${createHash("sha1").update(ics).digest("hex").slice(0, 16)}.ics`), `${JSON.stringify(from)}\n${ics}`);
}

/**
 * Marks that an email reached the run (the e2e mailbox received one), apart from capturing it: a run that received
 * emails and captured none has a broken capture (the `standards` teardown fails then).
 */
export function noteEmailReceived(dir = captureDir()) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, EMAIL_RECEIVED), "");
}
const EMAIL_RECEIVED = "email-received.marker";
export const emailWasReceived = (dir = captureDir()) => existsSync(path.join(dir, EMAIL_RECEIVED));

/** An email as received over SMTP: its HTML part goes to the validator, its calendar part(s) to the .ics checks. */
export function captureRawEmail(raw: string, from: string) {
  const parts = mimeParts(raw);
  const calendars = parts.filter((p) => /^(text\/calendar|application\/ics)/i.test(p.contentType));
  for (const c of calendars) captureIcs(c.body, `${from} (${c.contentType})`);
  const html = parts.find((p) => /^text\/html/i.test(p.contentType));
  if (html) captureHtml(html.body, { kind: "email", url: from, from, calendarParts: calendars.map((c) => c.contentType) });
}

/** An email as it sits in the outbox (integration tests): HTML and .ics as they will be sent. */
export function captureOutboxEmail(mail: { subject: string; html: string | null; ics: string | null }, from: string) {
  const label = `${from}: ${mail.subject}`;
  if (mail.html) captureHtml(mail.html, { kind: "email", url: label, from });
  if (mail.ics) captureIcs(mail.ics, label);
}

export type Captured = { file: string; html: string; source: Source };

export function readCaptures(dir = captureDir()): Captured[] {
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith(".html"));
  } catch {
    return [];
  }
  return files.map((file) => ({
    file,
    html: readFileSync(path.join(dir, file), "utf8"),
    source: JSON.parse(readFileSync(path.join(dir, file.replace(/\.html$/, ".json")), "utf8")) as Source,
  }));
}

function readIcs(dir: string): { from: string; ics: string }[] {
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith(".ics"));
  } catch {
    return [];
  }
  return files.map((file) => {
    const text = readFileSync(path.join(dir, file), "utf8");
    const nl = text.indexOf("\n");
    return { from: JSON.parse(text.slice(0, nl)) as string, ics: text.slice(nl + 1) };
  });
}

/** The validator's problems, each with the address it came from, ready for a failure message. */
export async function validateCaptures(dir = captureDir()): Promise<string[]> {
  const sources = new Map(readCaptures(dir).map((c) => [c.file, c.source]));
  const problems: HtmlProblem[] = await checkHtmlDir(dir);
  return problems.map((p) => {
    const s = sources.get(p.file);
    return `${s ? `${s.kind} ${s.url}${s.status ? ` (${s.status})` : ""} [${s.from}]` : p.file}:${p.line ?? "?"}: ${p.type}: ${p.message}${p.extract ? `\n    ${p.extract.replace(/\n/g, " ")}` : ""}`;
  });
}

/**
 * "/booking/confirmed/<token>/cancel" → "/booking/confirmed/:token/cancel", "/staff/visits/17" → "/staff/visits/:id":
 * one kind of page, whatever visit.
 */
const pageShape = (url: string) =>
  new URL(url).pathname
    .replace(/\/[A-Za-z0-9_-]{20,}(?=\/|$)/g, "/:token")
    .replace(/\/\d+(?=\/|$)/g, "/:id")
    .replace(/\/+$/, "") || "/";

const titleOf = (html: string) => [...html.matchAll(/<title>([\s\S]*?)<\/title>/g)].map((m) => m[1]);
const metaContent = (html: string, name: string) =>
  new RegExp(`<meta name="${name}" content="([^"]*)"`).exec(html)?.[1] ?? null;

/**
 * What a reader (and a search engine) notices across pages: different pages have different titles, every page
 * open to search engines has a description, and an error page names no canonical address.
 */
export function pageRuleProblems(captured: Captured[]): string[] {
  const problems: string[] = [];
  const shapesByTitle = new Map<string, Set<string>>();
  for (const { html, source } of captured) {
    if (source.kind !== "page") continue;
    const at = `${source.url} (${source.status})`;
    const status = source.status ?? 200;
    // A refusal or a missing page (a 400 or 429 is the form again, with its messages: a page of the site).
    const errorPage = [403, 404, 405, 410, 413].includes(status) || status >= 500;
    if (errorPage && /<link rel="canonical"/.test(html)) problems.push(`${at}: an error page with a canonical link`);
    // A catalogue key shown as text ("booking.times.morning"): a page whose section's messages did not load (decision 027).
    // Not the console's: its audit log names actions the same way ("intake.view") on purpose.
    const staffPage = /^\/staff(\/|$)/.test(new URL(source.url).pathname);
    const shown = html.replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, "").replace(/<[^>]*>/g, " ");
    const key = /(?<![\w@./-])(?:common|marketing|booking|visit|intake|account|account-offer|family|waitlist|recall)\.[a-z][\w-]*(?:\.[\w-]+)*(?![\w@.-])/.exec(shown);
    if (key && !staffPage) problems.push(`${at}: shows the message key "${key[0]}" instead of its words`);
    if (status !== 200) continue;
    const titles = titleOf(html);
    if (titles.length === 1) {
      const shapes = shapesByTitle.get(titles[0]) ?? new Set<string>();
      shapes.add(pageShape(source.url));
      shapesByTitle.set(titles[0], shapes);
    }
    const indexed = !/noindex/.test(metaContent(html, "robots") ?? "");
    if (indexed && !metaContent(html, "description")?.trim()) problems.push(`${at}: a public page without a meta description`);
  }
  for (const [title, shapes] of shapesByTitle) {
    if (shapes.size > 1) problems.push(`"${title}" is the title of ${shapes.size} different pages: ${[...shapes].sort().join(", ")}`);
  }
  return problems;
}

/** An email carries its event once: one text/calendar part, with the METHOD of the file inside. */
function emailCalendarProblems(captured: Captured[], ics: { from: string; ics: string }[]): string[] {
  const problems: string[] = [];
  for (const { source } of captured) {
    const parts = source.calendarParts ?? [];
    if (parts.length > 1) problems.push(`email ${source.url}: ${parts.length} calendar parts (${parts.join(" + ")}), not one`);
    for (const part of parts) if (!/^text\/calendar;.*method=[A-Z]+/i.test(part)) problems.push(`email ${source.url}: calendar part "${part}" is not text/calendar with a method`);
  }
  for (const { from, ics: file } of ics) {
    const declared = /method=([A-Z]+)/i.exec(from)?.[1];
    if (declared && icsProblems(file).length === 0 && declared.toUpperCase() !== icsFacts(file).method) problems.push(`${from}: part says method=${declared}, the file METHOD:${icsFacts(file).method}`);
  }
  return problems;
}

/** Everything captured in a run, checked at once: the HTML validator, the page rules, every .ics, the emails' calendar parts. */
export async function checkCaptured(dir = captureDir()): Promise<{ problems: string[]; counts: { pages: number; emails: number; calendars: number } }> {
  const captured = readCaptures(dir);
  const ics = readIcs(dir);
  const problems = [
    ...(await validateCaptures(dir)),
    ...pageRuleProblems(captured),
    ...ics.flatMap(({ from, ics: file }) => icsProblems(file).map((p) => `calendar file of ${from}: ${p}`)),
    ...emailCalendarProblems(captured, ics),
  ];
  const count = (kind: Source["kind"]) => captured.filter((c) => c.source.kind === kind).length;
  return { problems, counts: { pages: count("page"), emails: count("email"), calendars: ics.length } };
}
