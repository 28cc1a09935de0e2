import type { MetaFunction } from "@remix-run/react";

/**
 * A step's document title, "<title> — Book a visit", from the `title` its loader returns (each step's
 * title is defined once, in the flow's steps). No "Error: " prefix after a rejected post: Remix v2 gives
 * `meta` the loader's data only, never the action's.
 */
export const stepMeta: MetaFunction = ({ data }) => {
  const title = (data as { title?: unknown } | undefined)?.title;
  return [{ title: typeof title === "string" ? `${title} — Book a visit` : "Book a visit" }];
};
