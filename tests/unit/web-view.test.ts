import { describe, expect, it } from "vitest";
import { isWebView, viewportContent } from "~/rules/web-view";

describe("isWebView is true when the route contains webview or the web_view cookie equals true (spec §4)", () => {
  it("route id containing webview", () => {
    expect(isWebView({ routeIds: ["root", "routes/webview.book"] })).toBe(true);
  });
  it("cookie equal to 'true'", () => {
    expect(isWebView({ routeIds: ["root"], webViewCookie: "true" })).toBe(true);
  });
  it("otherwise false (cookie 'false', '1', null)", () => {
    expect(isWebView({ routeIds: ["root", "routes/book"] })).toBe(false);
    expect(isWebView({ routeIds: ["root"], webViewCookie: "false" })).toBe(false);
    expect(isWebView({ routeIds: ["root"], webViewCookie: "1" })).toBe(false);
    expect(isWebView({ routeIds: [], webViewCookie: null })).toBe(false);
  });
});

describe("viewport content", () => {
  it("locks zoom in web view, not in the browser", () => {
    expect(viewportContent(true)).toBe("width=device-width, initial-scale=1, maximum-scale=1");
    expect(viewportContent(false)).toBe("width=device-width, initial-scale=1, minimum-scale=1");
  });
});
