import { useLoaderData } from "@remix-run/react";

/** Any unknown path, for GET and POST, answers 404 with the site's not-found page. */
export function loader() {
  throw new Response("Not found", { status: 404 });
}

/**
 * A post is answered, not thrown: Remix then runs the loaders (the root's, with the page's language and messages)
 * and this route's loader throws the 404, so a post gets the same not-found page as a visit.
 */
export function action() {
  return new Response("Not found", { status: 404 });
}

export default function NotFound() {
  useLoaderData();
  return null;
}

