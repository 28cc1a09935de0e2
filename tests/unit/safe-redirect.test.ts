import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/platform/safe-redirect";

// Known open-redirect bypasses (OWASP, PortSwigger, browser URL parsers): each must fall back.
const BYPASSES: string[] = [
  "//evil.example",
  "///evil.example",
  "////evil.example",
  "/\\evil.example",
  "\\/evil.example",
  "/\\/evil.example",
  "\\\\evil.example",
  "/\t/evil.example",
  "/%09/evil.example",
  "/%0d/evil.example",
  "/%0a/evil.example",
  "/%0D%0ALocation:%20https://evil.example",
  "/\r\nSet-Cookie: a=b",
  "/\n/evil.example",
  "/\u0000/evil.example",
  "/%00/evil.example",
  "/%5c/evil.example",
  "/%5C%5Cevil.example",
  "/%2f/evil.example",
  "/%2F%2Fevil.example",
  "/%252f/evil.example",
  "/%25252f%25252fevil.example",
  "/%2509/evil.example",
  "/%E0%A4%A",
  "/%",
  "https://evil.example",
  "http:evil.example",
  "http:/evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  " /evil",
  "\t//evil.example",
  "evil.example",
  "./evil",
  "@evil.example",
  "/.//evil.example",
  "/./\\evil.example",
  "/..//evil.example",
  "/\u2028/evil.example",
  "/\ufeff/evil.example",
  "",
  "/" + "a".repeat(3000),
];

describe("safeRedirect: same-site paths only", () => {
  it.each(BYPASSES)("refuses %j", (target) => {
    expect(safeRedirect(target, "/fallback")).toBe("/fallback");
  });

  it("refuses values that are not strings", () => {
    for (const value of [null, undefined, 42, {}, ["/a"], new File([], "x")]) expect(safeRedirect(value)).toBe("/");
  });

  it.each([
    ["/", "/"],
    ["/booking/times?week=1&day=2027-01-06", "/booking/times?week=1&day=2027-01-06"],
    ["/about#team", "/about#team"],
    ["/booking/times?conflict=1", "/booking/times?conflict=1"],
    ["/search?q=a%20b", "/search?q=a%20b"],
    ["/a/../b", "/b"],
    ["/café", "/caf%C3%A9"],
  ])("keeps the same-site path %j", (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });

  it("returns only characters a Location header accepts", () => {
    for (const target of ["/é?x=ü#ß", "/a?b=\u{1F600}"]) expect(safeRedirect(target)).toMatch(/^[\x21-\x7e]+$/);
  });
});
