import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { savedCardsPage } from "~/account/saved-cards.server";
import { authHeaders } from "~/auth/headers";
import { metaT, useT } from "~/i18n/use-t";

/** `/profile/cards`: the cards saved on Stripe's page while booking, each with its Remove link (decision 072). */
export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("account.cards.metaTitle") }, { name: "robots", content: "noindex" }];
export const headers = authHeaders;

export const loader = ({ request }: LoaderFunctionArgs) => savedCardsPage(request);

export default function SavedCardsPage() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div className="narrow">
      <h1>{t("account.cards.title")}</h1>
      {data.notice ? (
        <p className="notice" role="status">
          {data.notice}
        </p>
      ) : null}
      <p className="lead">{data.list.length ? t("account.cards.lead") : t("account.cards.none")}</p>
      <ul className="session-list">
        {data.list.map((card) => (
          <li key={card.id}>
            <span>{card.label}</span>
            {/* A page that asks first: nothing is removed by following a link. */}
            <Link to={`/profile/cards/${card.id}`} aria-label={card.removeLabel}>
              {t("account.cards.removeShort")}
            </Link>
          </li>
        ))}
      </ul>
      <p>
        <Link to="/profile">{t("account.cards.back")}</Link>
      </p>
    </div>
  );
}
