import type { LoaderFunctionArgs } from "@remix-run/node";
import { referralRedirect } from "~/platform/referral-redirect.server";

/** `/referral-redirect?referralCode=…&utm_…`: keeps the code and the campaign, then the home page. */
export const loader = ({ request }: LoaderFunctionArgs) => referralRedirect(request, "/");
