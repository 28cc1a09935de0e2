import type { MetaFunction } from "@remix-run/react";

/**
 * A step's document title, "<title> — Book a visit", from the `title` its loader returns (each step's
 * title is defined once, in the flow's steps). No "Error: " prefix after a rejected post: Remix v2 gives
 * `meta` the loader's data only, never the action's.
 */
export const stepMeta: MetaFunction = ({ data }) => {
  const title = (data as { title?: unknown } | undefined)?.title;
  return [
    { title: typeof title === "string" ? `${title} — Book a visit` : "Book a visit" },
    // A search engine's words for the way in (the first step is in the sitemap); the later steps say the same.
    { name: "description", content: DESCRIPTION },
  ];
};

const DESCRIPTION =
  "Book a Studio Dental visit online in a few minutes: checkups and cleanings, whitening, Invisalign consults and emergencies in Washington DC, New York City, Boston, Atlanta and Nashville.";
