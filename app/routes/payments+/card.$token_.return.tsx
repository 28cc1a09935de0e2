import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { PRIVATE_PAGE } from "~/auth/headers";
import { cardReturnUrl } from "~/payments/card-requests.server";

/**
 * Stripe's success URL for the desk's card link (issue 38 C): the card of the session this link's trip made becomes
 * the visit's, and the browser goes back to the link's page (a 303); any other session id is the site's 404.
 */
export const meta: MetaFunction = () => [{ name: "robots", content: "noindex" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return redirect(await cardReturnUrl(request, params.token), { status: 303, headers: PRIVATE_PAGE });
}

/** Never shown: the loader redirects or throws; with a component the thrown 404 is the site's error page. */
export default function CardLinkReturn() {
  return null;
}
