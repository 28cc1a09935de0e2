/**
 * Content (issue 11 A): the real `contentful` client against a local server speaking the Delivery API, the
 * embedded export by default, and a render budget — stale copies, the last good copy or the embedded content
 * when Contentful answers 500 or hangs. Tokens never reach the log.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SpaceExport } from "~/content/export";
import { startContentfulServer, type FakeContentful } from "../helpers/contentful-server";

const TOKEN = "preview-token-SECRET-abcdef123456";
const exported = JSON.parse(readFileSync(path.join(import.meta.dirname, "../../content/marketing.json"), "utf8")) as SpaceExport;
const edited: SpaceExport = structuredClone(exported);
const about = edited.entries.find((e) => e.sys.id === "page-about")!;
about.fields.heading = { "en-US": "About us — changed in Contentful" };
// Differs from the embedded copy, so "the last good copy" and "the embedded fallback" can be told apart.
edited.entries.find((e) => e.sys.id === "page-invisalign")!.fields.heading = { "en-US": "Invisalign — from Contentful" };

let server: FakeContentful;
const logged: string[] = [];
let route: typeof import("~/routes/_marketing+/$slug");

beforeAll(async () => {
  server = await startContentfulServer(edited);
  process.env.CONTENTFUL_MARKETING_SPACE_ID = "space1";
  process.env.CONTENTFUL_MARKETING_PREVIEW_TOKEN = TOKEN;
  process.env.CONTENTFUL_HOST = server.url; // http:// — plain HTTP
  for (const level of ["log", "info", "warn", "error"] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" ")));
  }
  route = await import("~/routes/_marketing+/$slug");
});
afterAll(async () => {
  vi.restoreAllMocks();
  await server.close();
});

const load = async (slug: string) => {
  try {
    return (await route.loader({ request: new Request(`http://localhost/${slug}`), params: { slug }, context: {} })) as Response;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
};

describe("content through the real contentful client", () => {
  it("a page from the space shows what was changed there, asked with the preview token outside production", async () => {
    const res = await load("about");
    expect(res.status).toBe(200);
    expect(((await res.json()) as { heading: string }).heading).toBe("About us — changed in Contentful");
    expect(server.requests.some((r) => r.startsWith("/spaces/space1/environments/master/entries?") && r.includes("content_type=page"))).toBe(true);
    expect(server.tokens).toContain(`Bearer ${TOKEN}`);
  });

  it("a page's picture is the space's asset through the Images API (images.ctfassets.net, w/fm/q), sized", async () => {
    const { image } = (await (await load("about")).json()) as { image: { src: string; srcSet: string; width: number; height: number; alt: string } };
    expect(image.src).toMatch(/^https:\/\/images\.ctfassets\.net\/embedded\/about-studio\/[a-f0-9]{32}\/about-studio\.png\?w=560&fm=webp&q=75$/);
    expect(image.srcSet).toContain("?w=1080&fm=webp&q=75 1080w");
    expect([image.width, image.height]).toEqual([560, 373]);
    expect(image.alt).toMatch(/studio/i);
  });

  it("a page that is not in the list is the 404 without asking Contentful; a list page missing in the space is a 404 too", async () => {
    const before = server.requests.length;
    expect((await load("wp-admin")).status).toBe(404);
    expect(server.requests.length).toBe(before);
    const saved = server.space;
    server.space = { ...edited, entries: edited.entries.filter((e) => e.sys.id !== "page-leadership") };
    expect((await load("leadership")).status).toBe(404);
    server.space = saved;
  });

  it("Contentful answering 500: the stale copy is served and kept (the last good copy)", async () => {
    await load("invisalign"); // cached
    server.mode = "error";
    const now = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(now + 5 * 60_000); // the copy is now stale
    for (let i = 0; i < 3; i++) {
      const res = await load("invisalign");
      expect(res.status).toBe(200);
      expect(((await res.json()) as { heading: string }).heading).toBe("Invisalign — from Contentful");
      await new Promise((r) => setTimeout(r, 50));
    }
    vi.mocked(Date.now).mockRestore();
    server.mode = "ok";
  });

  it("Contentful hanging with nothing cached: the embedded content is served", async () => {
    server.mode = "hang";
    const { forgetContent } = await import("~/content/pages.server");
    forgetContent();
    const res = await load("orthodontics");
    expect(res.status).toBe(200);
    expect(((await res.json()) as { heading: string }).heading).toBe("Orthodontics");
    server.mode = "ok";
  });

  it("the token never reaches the log", () => {
    expect(logged.join("\n")).not.toContain(TOKEN);
    expect(logged.join("\n")).not.toContain(TOKEN.slice(0, 20));
  });
});
