/**
 * The public site's pictures (issue 11 B, decision 008): the embedded export's image assets, through the real
 * page loaders and the real /content-images route, built like Contentful's Images API URLs (w, fm, q), sized
 * (width and height set, a srcset) and small; the route refuses paths and parameters it does not serve.
 */
import { describe, expect, it } from "vitest";
import sharp from "sharp";

process.env.SITE_ORIGIN = "https://book.example.com";
const home = await import("~/routes/_marketing+/_index");
const page = await import("~/routes/_marketing+/$slug");
const images = await import("~/routes/_resources+/content-images.$");
const popupRoute = await import("~/routes/_resources+/contentful.friendbuyPopup");

type Image = { src: string; srcSet: string; sizes: string; width: number; height: number; alt: string };
const PICTURED = ["about", "breezy-braces", "orthodontics", "invisalign", "leadership"];

async function pageImage(slug: string): Promise<Image> {
  const res = slug === "home" ? await home.loader({ request: new Request("http://localhost/"), params: {}, context: {} }) : await page.loader({ request: new Request(`http://localhost/${slug}`), params: { slug }, context: {} });
  return ((await res.json()) as { image: Image }).image;
}

/** GET a /content-images URL through the route's loader. */
async function fetchImage(url: string) {
  const { pathname, search } = new URL(url, "http://localhost");
  const splat = decodeURIComponent(pathname.replace(/^\/content-images\//, ""));
  return (await images.loader({ request: new Request(`http://localhost${pathname}${search}`), params: { "*": splat }, context: {} })) as Response;
}

describe("pictures on the public pages", () => {
  it.each(["home", ...PICTURED])("/%s has a sized picture with alt text, a WebP srcset through the Images API parameters", async (slug) => {
    const image = await pageImage(slug);
    expect(image.src).toMatch(/^\/content-images\/[a-z-]+\/[a-f0-9]{32}\/[a-z-]+\.png\?w=560&fm=webp&q=75$/);
    expect(image.width).toBe(560);
    expect(image.height).toBe(373); // the masters are 3:2
    expect(image.alt.length).toBeGreaterThan(15);
    expect(image.srcSet.split(", ").map((s) => s.split(" ")[1])).toEqual(["360w", "540w", "720w", "1080w", "1440w"]);
    expect(image.sizes).toContain("100vw");
  });

  it("every srcset entry is a WebP image of that width and of the master's proportions; a phone's hero stays under 60 KB", async () => {
    for (const slug of ["home", ...PICTURED]) {
      const image = await pageImage(slug);
      for (const entry of image.srcSet.split(", ")) {
        const [url, w] = entry.split(" ");
        const res = await fetchImage(url);
        expect(res.status).toBe(200);
        expect(res.headers.get("content-type")).toBe("image/webp");
        expect(res.headers.get("cache-control")).toContain("immutable");
        const body = Buffer.from(await res.arrayBuffer());
        const meta = await sharp(body).metadata();
        expect(meta.format).toBe("webp");
        expect(meta.width).toBe(parseInt(w));
        expect(Math.abs(meta.height! / meta.width! - image.height / image.width)).toBeLessThan(0.01);
        if (parseInt(w) <= 1080) expect(body.length).toBeLessThan(60 * 1024);
      }
    }
  });

  it("other formats and qualities as the Images API names them; never larger than the original", async () => {
    const { src } = await pageImage("home");
    const base = src.split("?")[0];
    for (const [fm, format] of [["avif", "heif"], ["jpg", "jpeg"], ["png", "png"]] as const) {
      const res = await fetchImage(`${base}?w=360&fm=${fm}&q=60`);
      expect(res.status).toBe(200);
      expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).format).toBe(format);
    }
    const huge = await fetchImage(`${base}?w=4000&fm=webp`);
    expect((await sharp(Buffer.from(await huge.arrayBuffer())).metadata()).width).toBe(1600);
  });

  it("refuses what it does not serve: bad parameters 400; other paths, traversal and unknown files 404", async () => {
    const { src } = await pageImage("home");
    const base = src.split("?")[0];
    for (const query of ["w=0", "w=5000", "w=abc", "q=101", "fm=gif", "fm=svg"]) expect((await fetchImage(`${base}?${query}`)).status, query).toBe(400);
    for (const path of ["/content-images/../marketing.json", "/content-images/home-hero/../../../../illustrations/home-hero.svg", "/content-images/home-hero/../../../../../public/logo.svg", "/content-images/home-hero/" + "0".repeat(32) + "/home-hero.png", "/content-images/x.png"]) {
      const res = await images.loader({ request: new Request(`http://localhost/x`), params: { "*": path.replace("/content-images/", "") }, context: {} });
      expect((res as Response).status, path).toBe(404);
    }
  });

  it("the referral popups carry their picture too (JSON and page)", async () => {
    for (const popupId of ["evergreen", "breezybraces"]) {
      const res = await popupRoute.loader({ request: new Request(`http://localhost/contentful/friendbuyPopup?popupId=${popupId}`), params: {}, context: {} });
      const popup = (await res.json()) as { image: Image };
      expect(popup.image.src).toMatch(/^\/content-images\/.+\?w=\d+&fm=webp&q=75$/);
      expect(popup.image.alt).not.toBe("");
      expect((await fetchImage(popup.image.src)).status).toBe(200);
    }
  });
});
