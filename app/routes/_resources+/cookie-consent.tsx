import { readFormPost } from "~/flow/forms.server";
import type { ActionFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { cookies } from "~/platform/cookies.server";
import { safeRedirect } from "~/platform/safe-redirect";

/** Dismisses the cookie banner. A plain form post returns to the page it came from (same site only). */
export async function action({ request }: ActionFunctionArgs) {
  const { form } = await readFormPost(request); // refuses a cross-site post (403) before the cookie is set
  const headers = { "Set-Cookie": cookies.bannerDismissed() };
  // A fetcher (JavaScript on) dismisses in place; a document post goes back where it was.
  if (new URL(request.url).searchParams.has("_data")) return json({ dismissed: true }, { headers });
  return redirect(safeRedirect(form.get("returnTo")), { status: 303, headers });
}

export async function loader() {
  return redirect("/");
}
