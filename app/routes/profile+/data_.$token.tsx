import type { LoaderFunctionArgs } from "@remix-run/node";
import { downloadExport } from "~/account/data-export-page.server";

/** The one-time download of "my data" (decision 080): a ZIP streamed as it is read; used, expired or not yours: 404. */
export const loader = ({ request, params }: LoaderFunctionArgs) => downloadExport(request, params.token);
