import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadContentPage } from "~/content/pages.server";
import { ContentPageView, contentPageMeta } from "~/ui/content-page";

export const meta = contentPageMeta;

export const loader = async () => json(await loadContentPage("home"));

export default function HomePage() {
  return <ContentPageView page={useLoaderData<typeof loader>()} wide />;
}
