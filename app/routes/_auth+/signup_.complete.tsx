import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requirePatient } from "~/auth/sessions.server";
import { metaT, Trans, useT } from "~/i18n/use-t";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("account.complete.metaTitle") }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const patient = await requirePatient(request);
  return json({ name: patient.name, email: patient.email });
}

export default function SignupComplete() {
  const { name, email } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div className="page narrow">
      <h1>{t("account.complete.title")}</h1>
      <p className="lead">
        <Trans k="account.complete.lead" vars={{ name, email }} tags={{ strong: <strong /> }} />
      </p>
      <p>{t("account.complete.claimed")}</p>
      <p>
        <Link to="/booking" className="button">
          {t("account.complete.book")}
        </Link>
      </p>
    </div>
  );
}
