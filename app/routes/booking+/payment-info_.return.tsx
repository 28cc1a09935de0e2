import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { returnFromStripe } from "~/booking/card-setup.server";
import { paymentProvider } from "~/payments/provider.server";

/**
 * Stripe's success URL for the booking's card (issue 32 A, decision 060): reads the SetupIntent of the session this
 * browser's booking started, keeps the card and goes on (a 303); any other session id is the site's 404.
 */
export const meta: MetaFunction = () => [{ name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const provider = paymentProvider();
  // Without Stripe there is no trip to come back from.
  if (provider.kind !== "stripe") throw new Response("Not found", { status: 404 });
  return returnFromStripe(request, provider);
}

/** Never shown: the loader redirects or throws; with a component the thrown 404 is the site's error page. */
export default function CardReturn() {
  return null;
}
