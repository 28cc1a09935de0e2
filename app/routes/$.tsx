import { useLoaderData } from "@remix-run/react";

/** Any unknown path, for GET and POST, answers 404 with the site's not-found page. */
export function loader() {
  throw new Response("Not found", { status: 404 });
}

export function action() {
  throw new Response("Not found", { status: 404 });
}

export default function NotFound() {
  useLoaderData();
  return null;
}

