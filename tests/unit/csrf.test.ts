import { describe, expect, it } from "vitest";
import { isCrossSiteRequest } from "~/platform/csrf";

const h = (values: Record<string, string>) => new Headers(values);

describe("CSRF rule: form posts must come from this site", () => {
  it("lets same-site posts and posts without an Origin through", () => {
    expect(isCrossSiteRequest("POST", h({ host: "dental.example.com", origin: "https://dental.example.com" }))).toBe(false);
    expect(isCrossSiteRequest("POST", h({ host: "dental.example.com" }))).toBe(false);
    expect(isCrossSiteRequest("POST", h({ host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000" }))).toBe(false);
    expect(isCrossSiteRequest("POST", h({ host: "Dental.Example.com", origin: "https://dental.example.com" }))).toBe(false);
    expect(isCrossSiteRequest("POST", h({ host: "dental.example.com:443", origin: "https://dental.example.com" }))).toBe(false);
    expect(isCrossSiteRequest("POST", h({ host: "dental.example.com", origin: "https://dental.example.com", "sec-fetch-site": "same-origin" }))).toBe(false);
  });
  it("refuses another site, a malformed Origin, and trusts the proxy's forwarded host", () => {
    expect(isCrossSiteRequest("POST", h({ host: "dental.example.com", origin: "https://evil.example" }))).toBe(true);
    expect(isCrossSiteRequest("POST", h({ host: "dental.example.com", origin: "garbage" }))).toBe(true);
    expect(isCrossSiteRequest("post", h({ host: "10.0.0.5:3000", "x-forwarded-host": "dental.example.com", origin: "https://dental.example.com" }))).toBe(false);
  });
  it.each([
    "null",
    "NULL",
    "",
    " ",
    "file://",
    "data:text/html,x",
    "chrome-extension://abcdef",
    "https://dental.example.com/path",
    "https://dental.example.com?x",
    "https://user@dental.example.com",
    "https://evil.example@dental.example.com",
    "https://dental.example.com.evil.example",
    "https://dental.example.com:8443",
    "http://dental.example.com\\@evil.example",
    "https://dental.example.com, https://evil.example",
    "ftp://dental.example.com",
  ])("treats the opaque or malformed Origin %j as cross-site", (origin) => {
    expect(isCrossSiteRequest("POST", h({ host: "dental.example.com", origin }))).toBe(true);
  });
  it("lets a no-referrer page of ours post to itself (Origin null, Sec-Fetch-Site same-origin); null from elsewhere stays refused", () => {
    expect(isCrossSiteRequest("POST", h({ host: "dental.example.com", origin: "null", "sec-fetch-site": "same-origin" }))).toBe(false);
    for (const site of ["same-site", "cross-site", "none"]) {
      expect(isCrossSiteRequest("POST", h({ host: "dental.example.com", origin: "null", "sec-fetch-site": site }))).toBe(true);
    }
  });
  it("refuses a browser's Sec-Fetch-Site: cross-site even without an Origin", () => {
    expect(isCrossSiteRequest("POST", h({ host: "dental.example.com", "sec-fetch-site": "cross-site" }))).toBe(true);
  });
  it("refuses every unsafe method, never blocks reads", () => {
    for (const method of ["PUT", "PATCH", "DELETE"]) expect(isCrossSiteRequest(method, h({ host: "a.test", origin: "null" }))).toBe(true);
    expect(isCrossSiteRequest("GET", h({ host: "a.test", origin: "https://evil.example" }))).toBe(false);
    expect(isCrossSiteRequest("HEAD", h({ host: "a.test", origin: "null" }))).toBe(false);
  });
});
