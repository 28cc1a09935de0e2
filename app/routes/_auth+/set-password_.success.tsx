import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requirePatient } from "~/auth/sessions.server";
import { metaT, Trans, useT } from "~/i18n/use-t";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("account.setDone.metaTitle") }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const patient = await requirePatient(request);
  return json({ email: patient.email });
}

export default function SetPasswordSuccess() {
  const { email } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div className="page narrow">
      <h1>{t("account.setDone.title")}</h1>
      <p className="lead">
        <Trans k="account.setDone.lead" vars={{ email }} tags={{ strong: <strong /> }} />
      </p>
      <p>
        <Link to="/" className="button">
          {t("account.homeLink")}
        </Link>
      </p>
    </div>
  );
}
