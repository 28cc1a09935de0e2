import { getEnv } from "~/platform/env.server";
import { PUBLIC_PATHS } from "~/content/public-pages";

/** `/sitemap.xml`: the public pages search engines may list (never visit, intake or account pages). */
export function loader() {
  const origin = getEnv().SITE_ORIGIN;
  const urls = PUBLIC_PATHS.map((path) => `  <url><loc>${origin}${path}</loc></url>`).join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
