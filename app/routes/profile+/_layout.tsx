import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { authHeaders, PRIVATE_PAGE } from "~/auth/headers";
import { requirePatient } from "~/auth/sessions.server";
import { ProfileNav } from "~/ui/profile-nav";

/**
 * The patient area's frame: its sub-navigation around each page. Remix runs the pages' loaders beside this
 * one, not after it, so every page's loader checks the login itself too.
 */
export const headers = authHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePatient(request);
  return json(null, { headers: PRIVATE_PAGE });
}

export default function ProfileLayout() {
  return (
    <div className="page profile">
      <ProfileNav />
      <Outlet />
    </div>
  );
}
