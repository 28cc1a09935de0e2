import { PRIVATE_PAGE } from "~/auth/headers";
import { metaT } from "~/i18n/use-t";
import { BRAND } from "~/platform/brand";

/**
 * Every intake page and photo: the token in the URL is a bearer secret and the page holds health data —
 * never cached by a shared cache or the browser's back-forward store. Never leaked in a Referer either: the
 * server sends `Referrer-Policy: no-referrer` for every /intake address (referrerPolicyFor, security-headers).
 */
export const intakeHeaders = () => PRIVATE_PAGE;

/** An intake page's document title: which step, for which visit; not indexed. */
export function intakeMeta({ data, matches }: { data?: unknown; matches: readonly { id: string; data?: unknown }[] }) {
  const d = data as { title?: unknown; visit?: { service?: string } } | undefined;
  const title = typeof d?.title === "string" ? d.title : metaT(matches)("intake.meta.fallback");
  const visit = d?.visit?.service ? ` — ${d.visit.service}` : "";
  return [{ title: `${title}${visit} — ${BRAND}` }, { name: "robots", content: "noindex" }];
}
