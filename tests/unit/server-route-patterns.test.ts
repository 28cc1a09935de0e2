// Logs and metrics name a request by its Remix route pattern, as Remix ranks routes; never by its path.
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { routePatterns } from "~/server/route-patterns.server";

const BUILD = path.resolve("build/index.js");

describe("routePatterns over the production build (`npm test` builds first)", () => {
  it("names each path by its pattern: tokens, slugs and unknown paths never appear", async () => {
    const build = (await import(pathToFileURL(BUILD).href)) as ServerBuild;
    const routeOf = routePatterns(build.routes);
    const token = "Ab3dEfGh1jKlMn0pQrStUvWxYz012345";
    expect(routeOf("/")).toBe("/");
    expect(routeOf("/booking/markets")).toBe("/booking/markets");
    expect(routeOf(`/booking/confirmed/${token}`)).toBe("/booking/confirmed/:token");
    expect(routeOf(`/booking/confirmed/${token}/cancel`)).toBe("/booking/confirmed/:token/cancel");
    expect(routeOf(`/booking/confirmed/${token}/calendar.ics`)).toBe("/booking/confirmed/:token/calendar.ics");
    expect(routeOf(`/profile/appointments/${token}`)).toBe("/profile/appointments/:token");
    expect(routeOf("/intake/insurance/card")).toBe("/intake/insurance/card");
    expect(routeOf("/about")).toBe("/:slug");
    expect(routeOf(`/no/such/${token}`)).toBe("/*");
  });
});
