import type { LoaderFunctionArgs } from "@remix-run/node";
import { referralRedirect } from "~/platform/referral-redirect.server";

/** `/breezy-braces-referral-redirect?referralCode=…&utm_…`: keeps the code and the campaign, then Breezy Braces. */
export const loader = ({ request }: LoaderFunctionArgs) => referralRedirect(request, "/breezy-braces");
