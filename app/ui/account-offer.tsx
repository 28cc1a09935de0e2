import { useT } from "~/i18n/use-t";
import { Honeypot, type HoneypotProps } from "./account";

export type AccountOfferData = { email: string; honeypot: HoneypotProps };

/**
 * After a guest booking: create an account for the visit's email. The form posts to /signup itself, so the
 * email travels in the body (never a URL) and the usual email verification starts; a bad address gets the
 * sign-up page's own messages. Plain elements, not form.tsx's fields: this page is close to the JS budget.
 * Its words are a namespace of their own, `account-offer`: the confirmed page ships these, not the whole `account`.
 */
export function AccountOffer({ offer }: { offer: AccountOfferData | null }) {
  const t = useT();
  if (!offer) return null;
  return (
    <section className="account-offer" aria-labelledby="account-offer-title">
      <h2 id="account-offer-title">{t("account-offer.title")}</h2>
      <p>{t("account-offer.lead")}</p>
      <form method="post" action="/signup" className="form">
        <Honeypot props={offer.honeypot} />
        <div className="field">
          <label htmlFor="account-offer-email">{t("account-offer.email")}</label>
          <input id="account-offer-email" name="email" type="email" autoComplete="email" inputMode="email" defaultValue={offer.email} />
        </div>
        <p>
          <button type="submit" className="button button-secondary">
            {t("account-offer.submit")}
          </button>
        </p>
      </form>
    </section>
  );
}
