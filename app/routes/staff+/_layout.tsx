import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { getStaff, ROLE_LABELS } from "~/console/staff.server";
import { textsWaiting } from "~/console/texts.server";
import consoleStylesHref from "~/styles/console.css";
import { ConsoleBar } from "~/ui/console";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: consoleStylesHref }];

/** Never cached, never a Referer (setup links hold a secret; pages hold patients' details). */
export const headers = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" });

/** The console's frame. Each page's loader checks the sign-in itself (Remix runs them beside this one). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getStaff(request);
  const viewer = user
    ? { email: user.email, roleLabel: ROLE_LABELS[user.role], isAdmin: user.role === "admin", shapesAvailability: user.role !== "front_desk", textsWaiting: await textsWaiting(user) }
    : null;
  return json({ viewer }, { headers: headers() });
}

export default function ConsoleLayout() {
  const { viewer } = useLoaderData<typeof loader>();
  return (
    <>
      <ConsoleBar viewer={viewer} />
      <Outlet />
    </>
  );
}
