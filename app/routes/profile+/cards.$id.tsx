import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { removeCardAction, removeCardPage } from "~/account/saved-cards.server";
import { authHeaders } from "~/auth/headers";
import { metaT, useT } from "~/i18n/use-t";
import { BRAND as BRAND_NAME } from "~/platform/brand";

/**
 * `/profile/cards/<id>`: "Remove this card?" — the confirmation a saved card's Remove link opens (decision 072). Its
 * post detaches the card on Stripe, deletes it and audits it, then goes back to the profile. Not the account's card
 * (another's, removed already, not a number): the site's 404.
 */
export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("account.cards.confirm.meta", { brand: BRAND_NAME }) }, { name: "robots", content: "noindex" }];
export const headers = authHeaders;

export const loader = ({ request, params }: LoaderFunctionArgs) => removeCardPage(request, params.id);
export const action = ({ request, params }: ActionFunctionArgs) => removeCardAction(request, params.id);

export default function RemoveCardPage() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div className="narrow">
      <h1>{t("account.cards.confirm.title")}</h1>
      <p className="lead">{t("account.cards.card", { card: data.card, expires: data.expires })}</p>
      <p>{t("account.cards.confirm.effect")}</p>
      {/* A plain post and a full page load, with JavaScript off or on. */}
      <form method="post" className="form">
        <div className="form-actions">
          <button type="submit" className="button">
            {t("account.cards.confirm.submit")}
          </button>
          <Link to="/profile/cards">{t("account.cards.confirm.keep")}</Link>
        </div>
      </form>
    </div>
  );
}
