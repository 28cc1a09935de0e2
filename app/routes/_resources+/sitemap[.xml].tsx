import { MARKETING_PAGES } from "~/content/model";
import { getEnv } from "~/platform/env.server";

/** `/sitemap.xml`: the public pages search engines may list (never visit, intake or account pages). */
export function loader() {
  const origin = getEnv().SITE_ORIGIN;
  const paths = ["/", ...MARKETING_PAGES.map((slug) => `/${slug}`), "/studios", "/booking/markets"];
  const urls = paths.map((path) => `  <url><loc>${origin}${path}</loc></url>`).join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
