/**
 * The referral redirect routes and the popup's JSON (issue 11 C), through their real loaders, on the
 * embedded content: the code is kept in a first-party cookie, the campaign's utm values go along, the target
 * is always our own page.
 */
import { describe, expect, it } from "vitest";

const home = await import("~/routes/_marketing+/referral-redirect");
const braces = await import("~/routes/_marketing+/breezy-braces-referral-redirect");
const popup = await import("~/routes/_resources+/contentful.friendbuyPopup");

const call = (loader: (args: never) => unknown, url: string) =>
  loader({ request: new Request(`http://localhost${url}`), params: {}, context: {} } as never) as Promise<Response>;

describe("referral redirects", () => {
  it("keeps a referralCode (version v2) and the utm values, then the home page", async () => {
    const res = await call(home.loader, "/referral-redirect?referralCode=FRIEND42&utm_source=friendbuy&utm_campaign=evergreen&other=x");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/?utm_source=friendbuy&utm_campaign=evergreen");
    const cookie = res.headers.get("Set-Cookie") ?? "";
    expect(decodeURIComponent(cookie)).toContain('referralCode={"code":"FRIEND42","version":"v2"}');
    expect(cookie).toMatch(/HttpOnly/i);
  });

  it("fbuy_ref_code wins and has no version; Breezy Braces lands on its page; a hostile code is not kept", async () => {
    const res = await call(braces.loader, "/breezy-braces-referral-redirect?fbuy_ref_code=ABC&referralCode=XYZ&utm_campaign=breezybraces");
    expect(res.headers.get("Location")).toBe("/breezy-braces?utm_campaign=breezybraces");
    expect(decodeURIComponent(res.headers.get("Set-Cookie") ?? "")).toContain('{"code":"ABC","version":null}');
    const hostile = await call(home.loader, "/referral-redirect?referralCode=%3Cscript%3E&redirectTo=https://evil.example");
    expect(hostile.headers.get("Location")).toBe("/");
    expect(hostile.headers.get("Set-Cookie")).toBeNull();
  });
});

describe("/contentful/friendbuyPopup", () => {
  it("serves a campaign popup's fields, cached; an unknown popup is a 404", async () => {
    const res = await call(popup.loader, "/contentful/friendbuyPopup?popupId=evergreen");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toMatch(/max-age=300/);
    expect(await res.json()).toMatchObject({ popupId: "evergreen", title: expect.any(String), description: expect.any(String), buttonText: expect.any(String) });
    expect((await call(popup.loader, "/contentful/friendbuyPopup?popupId=nope")).status).toBe(404);
  });
});
