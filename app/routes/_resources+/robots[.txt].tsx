import { getEnv } from "~/platform/env.server";

/** `/robots.txt`: the public site is open to crawlers; a visit's, intake's or account's pages are not. */
export function loader() {
  const lines = [
    "User-agent: *",
    "Disallow: /booking/confirmed/",
    "Disallow: /intake",
    "Disallow: /profile",
    "Disallow: /dev/",
    "Disallow: /referral-redirect",
    "Disallow: /breezy-braces-referral-redirect",
    "Allow: /",
    "",
    `Sitemap: ${getEnv().SITE_ORIGIN}/sitemap.xml`,
    "",
  ];
  return new Response(lines.join("\n"), { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
