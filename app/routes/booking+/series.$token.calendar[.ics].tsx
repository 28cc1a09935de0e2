import type { LoaderFunctionArgs } from "@remix-run/node";
import { seriesCalendarFile } from "~/scheduling/series-calendar.server";

/** /booking/series/<token>/calendar.ics: every visit of a series as one iCalendar file (issue 39, decision 076). */
export const loader = ({ params }: LoaderFunctionArgs) => seriesCalendarFile(params.token ?? "");
