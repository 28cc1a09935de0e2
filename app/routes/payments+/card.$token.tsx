import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PRIVATE_PAGE } from "~/auth/headers";
import { tryConsume } from "~/auth/rate-limit.server";
import { metaT, Trans, useT } from "~/i18n/use-t";
import { readFormPost } from "~/flow/forms.server";
import { cardCheckoutUrl, cardLinkPageFor } from "~/payments/card-requests.server";
import { BRAND as BRAND_NAME } from "~/platform/brand";
import { formatPhone, normalizePhone } from "~/ui/phone-link";

/** The desk's card link (issue 38 C, decision 074): see payments/card-requests.server.ts. */
export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("visit.cardLink.page.meta", { brand: BRAND_NAME }) }, { name: "robots", content: "noindex" }];
export const headers = () => PRIVATE_PAGE;

export const loader = async ({ request, params }: LoaderFunctionArgs) => json(await cardLinkPageFor(request, params.token), { headers: PRIVATE_PAGE });

/** The button: a 303 to Stripe's page (each trip makes a session at Stripe: bounded per link, as the funnel's are). */
export async function action({ request, params }: ActionFunctionArgs) {
  await readFormPost(request); // the cross-site check; the form has nothing else
  if (!(await tryConsume("cardTripBooking", `card-link:${params.token}`))) throw new Response("Too many tries. Please wait an hour, or call your studio.", { status: 429, headers: PRIVATE_PAGE });
  return redirect(await cardCheckoutUrl(params.token), { status: 303, headers: PRIVATE_PAGE });
}

export default function CardLinkPage() {
  const page = useLoaderData<typeof loader>();
  const t = useT();
  const phone = normalizePhone(page.studioPhone);
  if (page.state === "added") {
    return (
      <div className="page narrow fee-page">
        <h1>{t("visit.cardLink.page.addedTitle")}</h1>
        <p className="notice notice-success" role="status">
          {t("visit.cardLink.page.added", { last4: page.last4 })}
        </p>
        <p>{t("visit.cardLink.page.visit", { studio: page.studioName, when: page.when })}</p>
      </div>
    );
  }
  return (
    <div className="page narrow fee-page">
      <h1>{t("visit.cardLink.page.title")}</h1>
      <p className="lead">{t("visit.cardLink.page.visit", { studio: page.studioName, when: page.when })}</p>
      {page.state === "cancelled" ? <p className="notice">{t("visit.cardLink.page.cancelled")}</p> : <p>{t("visit.cardLink.page.why", { fee: page.fee })}</p>}
      {page.back ? (
        <p className="notice notice-warning" role="alert">
          {t("visit.cardLink.page.back")}
        </p>
      ) : null}
      {page.state === "open" ? (
        <>
          <p>{t("visit.cardLink.page.secure")}</p>
          {/* A plain post, answered with a 303 to Stripe's page: the same with JavaScript off or on. */}
          <form method="post" className="form">
            <div className="form-actions">
              <button type="submit" className="button">
                {t("visit.cardLink.page.add")}
              </button>
            </div>
          </form>
        </>
      ) : null}
      {page.state === "offline" ? (
        <div className="notice">
          <p>
            <strong>{t("visit.cardLink.page.offline")}</strong> {page.localProvider ? t("visit.fee.page.offlineLocal") : null}
          </p>
          <p>
            {phone ? (
              <Trans k="visit.cardLink.page.call" vars={{ studio: page.studioName, phone: formatPhone(phone) }} tags={{ phone: <a href={`tel:+1${phone}`} className="phone-link" /> }} />
            ) : (
              t("visit.cardLink.page.callNoPhone", { studio: page.studioName })
            )}
          </p>
        </div>
      ) : null}
    </div>
  );
}
