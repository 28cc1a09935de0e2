import type { LoaderFunctionArgs } from "@remix-run/node";
import { devOutboxFile } from "~/dev/pages.server";

/** /dev/outbox/<id>/email.html, email.txt or appointment.ics: one queued email's parts, as downloads. */
export const loader = ({ params }: LoaderFunctionArgs) => devOutboxFile(params);
