import { Form, Link } from "@remix-run/react";
import { HoneypotInputs, HoneypotProvider } from "remix-utils/honeypot/react";

/**
 * Account pieces (issue 9): the honeypot of the public forms, the header's account menu.
 */

export type HoneypotProps = { nameFieldName: string; validFromFieldName: string | null; encryptedValidFrom: string };

/** The honeypot's hidden fields (remix-utils): people never see or fill them, form-filling bots do. */
export function Honeypot({ props }: { props: HoneypotProps }) {
  return (
    <HoneypotProvider {...props}>
      <HoneypotInputs label="Leave this field empty" />
    </HoneypotProvider>
  );
}

/**
 * The header's account corner: "Log in", or the account menu (a <details>, no JavaScript needed) with the
 * address, the patient area's pages and a Log out button (a POST form).
 */
export function AccountMenu({ userEmail, returnTo }: { userEmail: string | null; returnTo: string }) {
  if (!userEmail) {
    // The account pages are the way in already.
    if (/^\/(login|signup|email-verification|forgot-password|set-password|confirm-email-change|logout)(\/|\?|$)/.test(returnTo)) return null;
    const to = returnTo === "/" ? "/login" : `/login?${new URLSearchParams({ redirectTo: returnTo })}`;
    return (
      <div className="account-corner">
        <Link to={to} className="account-login">
          Log in
        </Link>
      </div>
    );
  }
  return (
    <div className="account-corner">
      <details className="account-menu">
        <summary>Your account</summary>
        <div className="account-menu-panel">
          <p className="account-email">{userEmail}</p>
          <ul className="account-links">
            <li>
              <Link to="/profile">Visits and details</Link>
            </li>
            <li>
              <Link to="/profile/health">My mouth</Link>
            </li>
          </ul>
          <Form method="post" action="/logout" reloadDocument>
            <button type="submit" className="button button-secondary">
              Log out
            </button>
          </Form>
        </div>
      </details>
    </div>
  );
}
