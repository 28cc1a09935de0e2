import { describe, expect, it } from "vitest";
import { canonicalUrl } from "~/rules/canonical";

describe("canonical URL: origin + path, no query, /index → /", () => {
  it("joins origin and path without a double slash", () => {
    expect(canonicalUrl("https://example.com", "/book")).toBe("https://example.com/book");
    expect(canonicalUrl("https://example.com/", "/book")).toBe("https://example.com/book");
    expect(canonicalUrl("https://example.com///", "/book")).toBe("https://example.com/book");
    expect(canonicalUrl("https://example.com", "//book//step")).toBe("https://example.com/book/step");
  });
  it("drops query string and hash", () => {
    expect(canonicalUrl("https://example.com", "/book?utm_source=x#top")).toBe("https://example.com/book");
  });
  it("maps /index and trailing /index segments", () => {
    expect(canonicalUrl("https://example.com", "/index")).toBe("https://example.com/");
    expect(canonicalUrl("https://example.com", "/about/index")).toBe("https://example.com/about");
    expect(canonicalUrl("https://example.com", "/about/index/index/")).toBe("https://example.com/about");
    expect(canonicalUrl("https://example.com", "/indexes")).toBe("https://example.com/indexes");
  });
  it("root stays /, trailing slashes are removed elsewhere (decision)", () => {
    expect(canonicalUrl("https://example.com", "/")).toBe("https://example.com/");
    expect(canonicalUrl("https://example.com", "")).toBe("https://example.com/");
    expect(canonicalUrl("https://example.com", "/about/")).toBe("https://example.com/about");
  });
});
