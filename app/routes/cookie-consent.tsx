import type { ActionFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { cookies, safeRedirectPath } from "~/platform/cookies.server";

/** Dismisses the cookie banner. A plain form post returns to the page it came from. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const headers = { "Set-Cookie": cookies.bannerDismissed() };
  // A fetcher (JavaScript on) dismisses in place; a document post goes back where it was.
  if (new URL(request.url).searchParams.has("_data")) return json({ dismissed: true }, { headers });
  return redirect(safeRedirectPath(form.get("returnTo")), { status: 303, headers });
}

export async function loader() {
  return redirect("/");
}
