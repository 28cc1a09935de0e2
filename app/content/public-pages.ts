import { MARKETING_PAGES } from "./model";

/** The pages search engines may list (the sitemap's, and those with `hreflang` alternates): never a visit, intake or account page. */
export const PUBLIC_PATHS: readonly string[] = ["/", ...MARKETING_PAGES.map((slug) => `/${slug}`), "/studios", "/booking/markets"];

export const isPublicPage = (pathname: string) => PUBLIC_PATHS.includes(pathname);
