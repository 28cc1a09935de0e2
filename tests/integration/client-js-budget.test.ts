/**
 * The developers' guide: client JS stays under 100 KB gzip on every page, and validation (zod) stays on the
 * server. Measured on the production build `npm test` makes before vitest runs (bench/client-js.ts).
 */
import { describe, expect, it } from "vitest";
import { CLIENT_JS_BUDGET_KB, clientJsPerRoute, loadsManifestFile, pageRouteIds } from "../../bench/client-js";

const rows = clientJsPerRoute(process.cwd(), await pageRouteIds(), { manifestFile: await loadsManifestFile() });

describe("client JS budget", () => {
  it("measures the pages, not the resource routes (which ship no JS)", () => {
    expect(rows.map((r) => r.route)).toContain("booking+/times");
    expect(rows.map((r) => r.route)).not.toContain("booking+/confirmed.$token.calendar[.ics]");
  });
  it("every page loads under 100 KB of gzipped JavaScript", () => {
    const over = rows.filter((r) => r.totalKb > CLIENT_JS_BUDGET_KB).map((r) => `${r.route}: ${r.totalKb.toFixed(1)} KB`);
    expect(over).toEqual([]);
  });
  it("no page ships zod to the browser", () => {
    expect(rows.filter((r) => r.shipsZod).map((r) => r.route)).toEqual([]);
  });
});
