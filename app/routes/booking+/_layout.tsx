import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { bookingStepHeader } from "~/booking/step-header.server";
import { StepHeaderProvider } from "~/ui/step-header";

/** Every booking page: the step header (progress, the visit so far) for the pages that show it. */
export async function loader({ request }: LoaderFunctionArgs) {
  return json({ header: await bookingStepHeader(request) });
}

export default function BookingLayout() {
  const { header } = useLoaderData<typeof loader>();
  return (
    <StepHeaderProvider value={header}>
      <Outlet />
    </StepHeaderProvider>
  );
}
