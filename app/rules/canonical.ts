/**
 * Canonical URL: origin + path, without query or hash, duplicate slashes collapsed, trailing
 * "/index" segments and trailing slashes removed (root stays "/").
 */
export function canonicalUrl(origin: string, pathname: string): string {
  const base = origin.replace(/\/+$/, "");
  let path = pathname.split(/[?#]/)[0] ?? "";
  path = `/${path}`.replace(/\/{2,}/g, "/");
  path = path.replace(/(\/index)+\/?$/i, "/").replace(/\/+$/, "");
  return `${base}${path || "/"}`;
}
