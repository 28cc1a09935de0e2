import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { MARKETING_PAGES } from "~/content/model";
import { loadContentPage } from "~/content/pages.server";
import { ContentPageView, contentPageMeta } from "~/ui/content-page";

/** The public site's pages from content; any other single-segment path is the 404 without asking the CMS. */
const PAGES: ReadonlySet<string> = new Set(MARKETING_PAGES);

export const meta = contentPageMeta;

export async function loader({ params, request }: LoaderFunctionArgs) {
  const slug = params.slug ?? "";
  if (!PAGES.has(slug)) throw new Response("Not found", { status: 404 });
  return json(await loadContentPage(slug, request));
}

/** A post to a content page is not served (405); to any other one-segment path it is the site's 404. */
export function action({ params }: ActionFunctionArgs) {
  throw new Response(PAGES.has(params.slug ?? "") ? "Method not allowed" : "Not found", { status: PAGES.has(params.slug ?? "") ? 405 : 404 });
}

export default function MarketingPage() {
  return <ContentPageView page={useLoaderData<typeof loader>()} />;
}
