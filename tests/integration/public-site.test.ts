/**
 * The public site's pages from the embedded content (issue 11 B), through their real loaders: every page the
 * issue names answers with its heading and a way into booking where it has one; robots.txt keeps crawlers off
 * visits, intake and accounts; sitemap.xml lists the public pages on the site's origin.
 */
import { describe, expect, it } from "vitest";

process.env.SITE_ORIGIN = "https://book.example.com";
const home = await import("~/routes/_marketing+/_index");
const page = await import("~/routes/_marketing+/$slug");
const robots = await import("~/routes/_resources+/robots[.txt]");
const sitemap = await import("~/routes/_resources+/sitemap[.xml]");
const studios = await import("~/routes/_marketing+/studios");
const { describeEachEngine } = await import("../helpers/db");

const ISSUE_PAGES = ["about", "breezy-braces", "orthodontics", "invisalign", "leadership", "invite-a-friend", "terms", "privacy", "contact"];

async function load(slug: string) {
  try {
    return (await page.loader({ request: new Request(`http://localhost/${slug}`), params: { slug }, context: {} })) as Response;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

describe("public pages from content", () => {
  it.each(ISSUE_PAGES)("/%s answers 200 with a heading and a title", async (slug) => {
    const res = await load(slug);
    expect(res.status).toBe(200);
    const data = (await res.json()) as { heading: string; title: string; bodyHtml: string };
    expect(data.heading.length).toBeGreaterThan(3);
    expect(data.title).toMatch(/Studio Dental/);
    expect(data.bodyHtml).toMatch(/<h2 id="[a-z-]+">/);
  });

  it("home leads into booking; /terms has the Cookie Policy section the banner links to (#cookies)", async () => {
    const data = (await (await home.loader({ request: new Request("http://localhost/"), params: {}, context: {} })).json()) as { cta: { href: string }; heading: string };
    expect(data.cta.href).toBe("/booking");
    const terms = ((await (await load("terms")).json()) as { bodyHtml: string }).bodyHtml;
    expect(terms).toContain('<h2 id="cookies">Cookie Policy</h2>');
    expect(terms).toContain('<a href="/privacy">notice of privacy practices</a>');
    expect((await load("invisalign").then((r) => r.json())) as object).toMatchObject({ cta: { href: "/booking?service=INVISALN" } });
  });

  it("an unknown page is a 404", async () => {
    expect((await load("does-not-exist")).status).toBe(404);
  });

  it("robots.txt keeps crawlers off visits, intake and accounts; the sitemap lists the public pages on the site's origin", async () => {
    const text = await robots.loader().text();
    for (const path of ["/booking/confirmed/", "/intake", "/profile"]) expect(text).toContain(`Disallow: ${path}`);
    expect(text).toContain("Sitemap: https://book.example.com/sitemap.xml");
    const xml = await sitemap.loader().text();
    for (const slug of ISSUE_PAGES) expect(xml).toContain(`<loc>https://book.example.com/${slug}</loc>`);
    expect(xml).not.toContain("/intake");
  });
});

describe("rich text from content is safe HTML", () => {
  it("escapes markup in text and drops javascript: and data: links", async () => {
    const { richTextHtml } = await import("~/content/rich-text.server");
    const text = (value: string) => ({ nodeType: "text", value, marks: [], data: {} });
    const link = (uri: string, label: string) => ({ nodeType: "hyperlink", data: { uri }, content: [text(label)] });
    const html = richTextHtml({
      nodeType: "document",
      data: {},
      content: [{ nodeType: "paragraph", data: {}, content: [text("<script>alert(1)</script>"), link("javascript:alert(1)", "bad"), link("data:text/html,x", "data"), link("//evil.example", "proto"), link("/booking", "ok"), link("https://ada.org", "ada")] }],
    } as never);
    expect(html).toContain("&lt;script&gt;");
    expect(html).not.toMatch(/javascript:|data:text|href="\/\/evil/);
    expect(html).toContain('<a href="/booking">ok</a>');
    expect(html).toContain('<a href="https://ada.org" rel="noopener noreferrer">ada</a>');
  });
});

describeEachEngine("the studios directory", () => {
  it("lists every market's studios from the catalogue, with address, phone and a booking link; coming-soon studios say so", async () => {
    const data = (await (await studios.loader()).json()) as {
      markets: { slug: string; studios: { slug: string; name: string; address: string; phone: string; open: boolean }[] }[];
    };
    expect(data.markets.map((m) => m.slug)).toEqual(["washington-dc", "new-york-city", "boston", "atlanta", "nashville"]);
    const all = data.markets.flatMap((m) => m.studios);
    expect(all.length).toBeGreaterThan(5);
    for (const s of all) {
      expect(s.address, s.slug).not.toBe("");
      expect(s.phone, s.slug).not.toBe("");
    }
    expect(all.some((s) => !s.open)).toBe(true);
    expect(all.find((s) => s.slug === "fenway")).toMatchObject({ open: true });
  });
});
