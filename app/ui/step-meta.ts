import type { MetaFunction } from "@remix-run/react";
import { metaT } from "~/i18n/use-t";

/**
 * A step's document title, "<title> — Book a visit", from the `title` its loader returns (each step's
 * title is defined once, in the flow's steps). No "Error: " prefix after a rejected post: Remix v2 gives
 * `meta` the loader's data only, never the action's.
 */
export const stepMeta: MetaFunction = ({ data, matches }) => {
  const t = metaT(matches);
  const title = (data as { title?: unknown } | undefined)?.title;
  return [
    { title: typeof title === "string" ? t("booking.meta.stepTitle", { title }) : t("booking.meta.title") },
    // A search engine's words for the way in (the first step is in the sitemap); the later steps say the same.
    { name: "description", content: t("booking.meta.description") },
  ];
};
