import type { LoaderFunctionArgs } from "@remix-run/node";
import { feedResponse } from "~/console/calendar-feed.server";

/** A staff member's calendar feed (issue 38 F, decision 074): `/calendar/staff/<secret>.ics`; see calendar-feed.server.ts. */
export const loader = ({ params }: LoaderFunctionArgs) => feedResponse(params.feed);
