import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { metaT, useT } from "~/i18n/use-t";

/** After "Close my account" (decision 078): signed out, nothing more sent, the records kept for the law's time. */
export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("account.closed.metaTitle") }, { name: "robots", content: "noindex" }];

export default function AccountClosed() {
  const t = useT();
  return (
    <div className="page narrow">
      <h1>{t("account.closed.title")}</h1>
      <p className="lead">{t("account.closed.body")}</p>
      <p>
        <Link to="/" className="button">
          {t("account.closed.home")}
        </Link>
      </p>
    </div>
  );
}
