import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PRIVATE_PAGE } from "~/auth/headers";
import { metaT, Trans, useT } from "~/i18n/use-t";
import { readFormPost } from "~/flow/forms.server";
import { feeCheckoutUrl, feePayPage } from "~/payments/pay-page.server";
import { BRAND as BRAND_NAME } from "~/platform/brand";
import { formatPhone, normalizePhone } from "~/ui/phone-link";

/** A late-cancel fee's pay link (issue 32 B, decision 059): see pay-page.server.ts. */
export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("visit.fee.page.meta", { brand: BRAND_NAME }) }, { name: "robots", content: "noindex" }];
export const headers = () => PRIVATE_PAGE;

export const loader = async ({ request, params }: LoaderFunctionArgs) => json(await feePayPage(request, params.token), { headers: PRIVATE_PAGE });

/** The button: a 303 to Stripe's page for this fee; a fee no longer payable shows its page again. */
export async function action({ request, params }: ActionFunctionArgs) {
  await readFormPost(request); // the cross-site check; the form has nothing else
  return redirect(await feeCheckoutUrl(params.token), { status: 303, headers: PRIVATE_PAGE });
}

const FAILURES = { insufficent_funds: "visit.fee.page.insufficient", authentication_required: "visit.fee.page.authentication" } as const;

export default function FeePayPage() {
  const fee = useLoaderData<typeof loader>();
  const t = useT();
  const phone = normalizePhone(fee.studioPhone);
  const facts = (
    <dl className="summary-list">
      <div>
        <dt>{t("visit.fee.page.amount")}</dt>
        <dd>
          <strong>{fee.amount}</strong>
        </dd>
      </div>
      <div>
        <dt>{t("visit.fee.page.studio")}</dt>
        <dd>{fee.studioName}</dd>
      </div>
      <div>
        <dt>{t("visit.fee.page.when")}</dt>
        <dd>{fee.when}</dd>
      </div>
    </dl>
  );
  if (fee.state === "paid") {
    return (
      <div className="page narrow fee-page">
        <h1>{t("visit.fee.page.paidTitle")}</h1>
        <p className="notice notice-success" role="status">
          {t("visit.fee.page.paid", { amount: fee.amount })} {fee.refunded ? t("visit.fee.page.refunded", { amount: fee.refunded }) : null}
        </p>
        {facts}
      </div>
    );
  }
  if (fee.state === "confirming") {
    return (
      <div className="page narrow fee-page">
        <h1>{t("visit.fee.page.confirmingTitle")}</h1>
        <p className="notice" role="status">
          {t("visit.fee.page.confirming", { amount: fee.amount })}
        </p>
        {facts}
        <p>
          <a className="button button-secondary" href="?paid=1">
            {t("visit.fee.page.confirmingCheck")}
          </a>
        </p>
      </div>
    );
  }
  return (
    <div className="page narrow fee-page">
      <h1>{t("visit.fee.page.title")}</h1>
      <p className="lead">{t("visit.fee.page.visit", { studio: fee.studioName, when: fee.when })}</p>
      {facts}
      {fee.state === "processing" ? (
        <p>{t("visit.fee.page.processing", { amount: fee.amount })}</p>
      ) : (
        <p>{t(FAILURES[fee.failure as keyof typeof FAILURES] ?? "visit.fee.page.declined")}</p>
      )}
      {fee.state === "payable" ? (
        <>
          <p>{t("visit.fee.page.secure")}</p>
          {/* A plain post, answered with a 303 to Stripe's page: the same with JavaScript off or on. */}
          <form method="post" className="form">
            <div className="form-actions">
              <button type="submit" className="button">
                {t("visit.fee.page.pay", { amount: fee.amount })}
              </button>
            </div>
          </form>
        </>
      ) : null}
      {fee.state === "offline" ? (
        <div className="notice">
          <p>
            <strong>{t("visit.fee.page.offline")}</strong> {fee.localProvider ? t("visit.fee.page.offlineLocal") : null}
          </p>
          <p>
            {phone ? (
              <Trans k="visit.fee.page.call" vars={{ studio: fee.studioName, phone: formatPhone(phone), amount: fee.amount }} tags={{ phone: <a href={`tel:+1${phone}`} className="phone-link" /> }} />
            ) : (
              t("visit.fee.page.callNoPhone", { studio: fee.studioName, amount: fee.amount })
            )}
          </p>
        </div>
      ) : (
        <p>{t("visit.fee.page.questions")}</p>
      )}
    </div>
  );
}
