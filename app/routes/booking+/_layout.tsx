import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { bookingStepHeader } from "~/booking/step-header.server";

/** Every booking page: the step header (progress, the visit so far) for the pages that show it. */
export async function loader({ request }: LoaderFunctionArgs) {
  return json({ header: await bookingStepHeader(request) });
}

/** The pages' StepHeader reads `header` by this route's id (app/ui/step-header.tsx). */
export default function BookingLayout() {
  return <Outlet />;
}
