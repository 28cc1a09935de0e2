import { Honeypot, type HoneypotProps } from "./account";

export type AccountOfferData = { email: string; honeypot: HoneypotProps };

/**
 * After a guest booking: create an account for the visit's email. The form posts to /signup itself, so the
 * email travels in the body (never a URL) and the usual email verification starts; a bad address gets the
 * sign-up page's own messages. Plain elements, not form.tsx's fields: this page is close to the JS budget.
 */
export function AccountOffer({ offer }: { offer: AccountOfferData | null }) {
  if (!offer) return null;
  return (
    <section className="account-offer" aria-labelledby="account-offer-title">
      <h2 id="account-offer-title">Keep your visits in one place</h2>
      <p>Create an account to see and manage this visit, and book faster next time with your details filled in.</p>
      <form method="post" action="/signup" className="form">
        <Honeypot props={offer.honeypot} />
        <div className="field">
          <label htmlFor="account-offer-email">Email address</label>
          <input id="account-offer-email" name="email" type="email" autoComplete="email" inputMode="email" defaultValue={offer.email} />
        </div>
        <p>
          <button type="submit" className="button button-secondary">
            Create an account
          </button>
        </p>
      </form>
    </section>
  );
}
