import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/** The design tokens (app/styles/tokens.css) and the WCAG AA pairs the components use them in (decision 008). */
const tokensCss = readFileSync("app/styles/tokens.css", "utf8");
const appCss = readFileSync("app/styles/app.css", "utf8");

function tokens(css: string): Record<string, string> {
  const raw = Object.fromEntries([...css.matchAll(/--([a-z0-9-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2].trim()]));
  const resolve = (value: string, depth = 0): string => {
    const ref = /^var\(--([a-z0-9-]+)\)$/.exec(value);
    if (!ref || depth > 5) return value;
    if (!(ref[1] in raw)) throw new Error(`unknown token --${ref[1]}`);
    return resolve(raw[ref[1]], depth + 1);
  };
  return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, resolve(v)]));
}

const luminance = (hex: string) => {
  const n = hex.replace("#", "");
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(n.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

const t = tokens(tokensCss);
const LIGHT = ["page", "surface", "accent-soft", "info-bg", "warning-bg", "pink-100", "grey-100"];
const DARK = ["green-900", "grey-900"];

/** Text on background, 4.5:1 (WCAG 1.4.3). */
const TEXT_PAIRS: [string, string][] = [
  ...["text", "text-muted", "heading", "link"].flatMap((fg) => LIGHT.map((bg): [string, string] => [fg, bg])),
  ["on-accent", "accent"], // buttons
  ["on-accent", "green-900"], // button hover, header, footer links
  ["grey-100", "green-900"], // footer text
  ["grey-300", "green-900"], // footer small print
  ["white", "grey-900"], // cookie banner
  ["citron", "grey-900"], // cookie banner link
  ["grey-900", "citron"], // cookie banner button, "Soon" badge
  ["green-900", "citron"], // header "Book a visit"
  ["error", "surface"],
  ["error", "page"],
  ["error", "pink-100"], // urgent notice heading
  ["green-700", "accent-soft"], // price on a chosen card
];
/** Input borders and other UI parts against what surrounds them, 3:1 (WCAG 1.4.11). */
const UI_PAIRS: [string, string][] = [
  ["border", "surface"],
  ["border", "page"],
  ["accent", "page"],
  ["accent", "accent-soft"],
  ["error", "surface"],
];
/** The focus ring on every background it appears on (3:1): the light pages, and the dark header, footer and banner. */
const FOCUS_PAIRS: [string, string][] = [...LIGHT.map((bg): [string, string] => ["focus", bg]), ...DARK.map((bg): [string, string] => ["focus-on-dark", bg])];

describe("design tokens", () => {
  it.each(TEXT_PAIRS)("text %s on %s reaches 4.5:1", (fg, bg) => {
    expect(contrast(t[fg], t[bg])).toBeGreaterThanOrEqual(4.5);
  });
  it.each(UI_PAIRS)("UI part %s on %s reaches 3:1", (fg, bg) => {
    expect(contrast(t[fg], t[bg])).toBeGreaterThanOrEqual(3);
  });
  it.each(FOCUS_PAIRS)("focus ring %s on %s reaches 3:1", (fg, bg) => {
    expect(contrast(t[fg], t[bg])).toBeGreaterThanOrEqual(3);
  });
  it("has the spec's paper colour and every palette family", () => {
    expect(t.paper.toLowerCase()).toBe("#f9f9f6");
    for (const family of ["green-", "grey-", "copper-", "blue-", "pink-", "citron", "periwinkle", "red-"]) {
      expect(Object.keys(t).some((k) => k.startsWith(family)), family).toBe(true);
    }
  });
  it("the stylesheet takes its colours from the tokens only", () => {
    expect(appCss.match(/#[0-9a-f]{3,8}\b/gi) ?? [], "app.css: use a colour token from tokens.css (var(--…)), not a raw colour").toEqual([]);
  });
  it("the header, footer and cookie banner switch the focus ring to the one for dark backgrounds", () => {
    expect(appCss).toMatch(/\.site-header :focus-visible[^{]*\{[^}]*var\(--focus-on-dark\)/);
    expect(appCss).toMatch(/\.site-footer :focus-visible\s*\{[^}]*var\(--focus-on-dark\)/);
    expect(appCss).toMatch(/\.cookie-banner :focus-visible[^{]*\{[^}]*var\(--focus-on-dark\)/);
  });
});
