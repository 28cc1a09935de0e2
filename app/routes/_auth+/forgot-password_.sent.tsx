import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { readFlowEmail } from "~/auth/flow-cookie.server";
import { metaT, Trans, useT } from "~/i18n/use-t";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("account.sent.metaTitle") }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const email = await readFlowEmail(request, "forgotPasswordEmail");
  if (!email) throw redirect("/forgot-password");
  return json({ email });
}

export default function ForgotPasswordSent() {
  const { email } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div className="page narrow">
      <h1>{t("account.sent.title")}</h1>
      <p className="lead">
        <Trans k="account.sent.lead" vars={{ email }} tags={{ strong: <strong /> }} />
      </p>
      <p>
        <Trans k="account.sent.nothing" tags={{ again: <Link to="/forgot-password" /> }} />
      </p>
      <p>
        <Link to="/login">{t("account.sent.backToLogin")}</Link>
      </p>
    </div>
  );
}
