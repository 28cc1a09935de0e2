import type { LoaderFunctionArgs } from "@remix-run/node";
import { embeddedImageResponse } from "~/content/images.server";

/** `/content-images/<asset>/<token>/<name>?w=720&fm=webp&q=75`: the embedded content's images, sized like Contentful's Images API. */
export const loader = ({ params, request }: LoaderFunctionArgs) => embeddedImageResponse(params["*"] ?? "", new URL(request.url).searchParams);
