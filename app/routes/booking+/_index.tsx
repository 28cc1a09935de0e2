import type { LoaderFunctionArgs } from "@remix-run/node";
import { enterBooking } from "~/booking/entry.server";

/** The booking entry: a deep link fills what it names and skips ahead (booking/entry.server.ts). */
export const loader = ({ request }: LoaderFunctionArgs) => enterBooking(request);
