import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { writeFlow } from "~/auth/flow-cookie.server";
import { readFormPost } from "~/flow/forms.server";
import { clearIdTokenCookie, endSession, getPatient } from "~/auth/sessions.server";
import { bookingWithoutPerson } from "~/booking/returning.server";
import { metaT, Trans, useT } from "~/i18n/use-t";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("account.logout.metaTitle") }, { name: "robots", content: "noindex" }];

/** GET shows a button (a link must never log anyone out); the POST ends the session on the server. */
export async function loader({ request }: LoaderFunctionArgs) {
  const patient = await getPatient(request);
  if (!patient) throw redirect("/");
  return json({ email: patient.email });
}

export async function action({ request }: ActionFunctionArgs) {
  await readFormPost(request);
  await endSession(request);
  const headers = new Headers();
  headers.append("Set-Cookie", clearIdTokenCookie());
  headers.append("Set-Cookie", await writeFlow(request, { loginEmail: null, verifiedSignupEmail: null }));
  // A booking under way keeps its choices, not the details of the person who logged out (shared phones).
  const booking = await bookingWithoutPerson(request);
  if (booking) headers.append("Set-Cookie", booking);
  throw redirect("/", { headers });
}

export default function Logout() {
  const { email } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div className="page narrow">
      <h1>{t("account.logout.title")}</h1>
      <p className="lead">
        <Trans k="account.logout.lead" vars={{ email }} tags={{ strong: <strong /> }} />
      </p>
      <Form method="post" reloadDocument>
        <button type="submit" className="button">
          {t("account.logout.submit")}
        </button>
      </Form>
    </div>
  );
}
