import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadContentPage } from "~/content/pages.server";
import { getEnv } from "~/platform/env.server";
import { jsonLdGraph, organizationJsonLd } from "~/rules/structured-data";
import { BRAND as BRAND_NAME } from "~/platform/brand";
import { ContentPageView, contentPageMeta } from "~/ui/content-page";
import { JsonLd } from "~/ui/json-ld";

export const meta = contentPageMeta;

export const loader = async ({ request }: LoaderFunctionArgs) =>
  json({
    ...(await loadContentPage("home", request)),
    // For search engines: the brand (name, logo, url); each studio is described on /studios.
    jsonLd: jsonLdGraph(organizationJsonLd({ siteOrigin: getEnv().SITE_ORIGIN, brand: BRAND_NAME })),
  });

export default function HomePage() {
  const { jsonLd, ...page } = useLoaderData<typeof loader>();
  return (
    <>
      <JsonLd data={jsonLd} />
      <ContentPageView page={page} wide />
    </>
  );
}
