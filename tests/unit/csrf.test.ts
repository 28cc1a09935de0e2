import { describe, expect, it } from "vitest";
import { isCrossSiteRequest } from "~/platform/csrf";

const h = (values: Record<string, string>) => new Headers(values);

describe("CSRF rule: form posts must come from this site", () => {
  it("lets same-site posts and posts without an Origin through", () => {
    expect(isCrossSiteRequest("POST", h({ host: "dental.example.com", origin: "https://dental.example.com" }))).toBe(false);
    expect(isCrossSiteRequest("POST", h({ host: "dental.example.com" }))).toBe(false);
    expect(isCrossSiteRequest("POST", h({ host: "a.test", origin: "null" }))).toBe(false);
  });
  it("refuses another site, a malformed Origin, and trusts the proxy's forwarded host", () => {
    expect(isCrossSiteRequest("POST", h({ host: "dental.example.com", origin: "https://evil.example" }))).toBe(true);
    expect(isCrossSiteRequest("POST", h({ host: "dental.example.com", origin: "garbage" }))).toBe(true);
    expect(isCrossSiteRequest("post", h({ host: "10.0.0.5:3000", "x-forwarded-host": "dental.example.com", origin: "https://dental.example.com" }))).toBe(false);
  });
  it("never blocks reads", () => {
    expect(isCrossSiteRequest("GET", h({ host: "a.test", origin: "https://evil.example" }))).toBe(false);
  });
});
