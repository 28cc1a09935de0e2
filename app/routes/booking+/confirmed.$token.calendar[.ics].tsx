import type { LoaderFunctionArgs } from "@remix-run/node";
import { visitCalendarFile } from "~/scheduling/calendar-file.server";

/** /booking/confirmed/<token>/calendar.ics: the visit as an iCalendar file in the studio's timezone. */
export const loader = ({ params }: LoaderFunctionArgs) => visitCalendarFile(params.token ?? "");
