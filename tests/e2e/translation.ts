import { expect, type Page } from "@playwright/test";

/**
 * "No English sentence left" (issue 21, decision 027): the page the browser is on, fetched again in English and in
 * Spanish with the same cookies (the same booking, the same account), must share no sentence: every text node,
 * every `alt`, `aria-label`, `placeholder`, `title` and the meta description of the English rendering is looked for
 * in the Spanish one. What is the same in both languages is left out: the brand, names, emails, addresses and
 * anything with a digit (times, prices, phone numbers), and single words (a studio's or a city's name).
 */
export async function expectNoEnglishLeft(page: Page, { allow = [] as (string | RegExp)[] } = {}) {
  const url = new URL(page.url());
  url.hash = "";
  const english = textsOf(await fetchIn(page, url, "en-US"));
  const spanish = new Set(textsOf(await fetchIn(page, url, "es-US")));
  // Back to Spanish for the rest of the journey (the fetches moved the cookie).
  const left = english.filter((text) => spanish.has(text) && !sameInEveryLanguage(text) && !allow.some((a) => (typeof a === "string" ? a === text : a.test(text))));
  expect([...new Set(left)], `English left on the Spanish ${url.pathname}`).toEqual([]);
}

async function fetchIn(page: Page, url: URL, locale: string): Promise<string> {
  const target = new URL(url);
  target.searchParams.set("lang", locale);
  const response = await page.context().request.get(target.toString(), { maxRedirects: 0 });
  return response.text();
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " ", "#x27": "'" };
const decode = (s: string) => s.replace(/&(#?\w+);/g, (whole, name: string) => ENTITIES[name] ?? (name.startsWith("#") ? String.fromCodePoint(Number(name.slice(1))) : whole));

/** A document's words a reader meets: text nodes of the body, described attributes, the title and description. */
export function textsOf(html: string): string[] {
  const texts: string[] = [];
  const title = /<title>([\s\S]*?)<\/title>/.exec(html)?.[1];
  if (title) texts.push(title);
  const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
  if (description) texts.push(description);
  const body = (/<body[\s\S]*$/.exec(html)?.[0] ?? html).replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, "").replace(/<!--[\s\S]*?-->/g, "");
  for (const m of body.matchAll(/\s(?:alt|aria-label|placeholder|title)="([^"]*)"/g)) texts.push(m[1]);
  for (const chunk of body.split(/<[^>]*>/)) texts.push(chunk);
  return texts.map((t) => decode(t).replace(/\s+/g, " ").trim()).filter((t) => t.length > 0);
}

const BRAND = /Studio Dental|Breezy Braces|Invisalign|Studio Dental Pay/;
function sameInEveryLanguage(text: string): boolean {
  if (!/\s/.test(text)) return true; // one word: a name, a city, "OK"
  if (/\d|@|https?:/.test(text)) return true;
  if (BRAND.test(text) && text.replace(BRAND, "").trim().split(/\s+/).length < 2) return true;
  // A person's or a place's name: every word capitalised ("Alex Rivera", "Union Market").
  if (text.split(/\s+/).every((w) => /^[A-Z][\p{L}'’.-]*$/u.test(w))) return true;
  return false;
}
