import { Form, Link } from "@remix-run/react";
import { useT } from "~/i18n/use-t";

/**
 * Account pieces (issue 9): the honeypot of the public forms, the header's account menu.
 */

export type HoneypotProps = { nameFieldName: string; validFromFieldName: string | null; encryptedValidFrom: string };

/**
 * The honeypot's hidden fields, checked by remix-utils' server half: people never see or fill them, form-filling
 * bots do. Its own markup rather than remix-utils' `HoneypotInputs`, whose `autocomplete="nope"` is no autofill
 * token (the Nu Html Checker's error); `off` is the valid way to keep browsers from filling it.
 */
export function Honeypot({ props: { nameFieldName, validFromFieldName, encryptedValidFrom } }: { props: HoneypotProps }) {
  const label = useT()("common.account.honeypot");
  return (
    <div id={`${nameFieldName}_wrap`} hidden>
      <label htmlFor={nameFieldName}>{label}</label>
      <input id={nameFieldName} name={nameFieldName} type="text" defaultValue="" autoComplete="off" tabIndex={-1} />
      {validFromFieldName && encryptedValidFrom ? (
        <>
          <label htmlFor={validFromFieldName}>{label}</label>
          <input id={validFromFieldName} name={validFromFieldName} type="text" value={encryptedValidFrom} readOnly autoComplete="off" tabIndex={-1} />
        </>
      ) : null}
    </div>
  );
}

/**
 * The header's account corner: "Log in", or the account menu (a <details>, no JavaScript needed) with the
 * address, the patient area's pages and a Log out button (a POST form).
 */
export function AccountMenu({ userEmail, returnTo }: { userEmail: string | null; returnTo: string }) {
  const t = useT();
  if (!userEmail) {
    // The account pages are the way in already.
    if (/^\/(login|signup|email-verification|forgot-password|set-password|confirm-email-change|logout)(\/|\?|$)/.test(returnTo)) return null;
    const to = returnTo === "/" ? "/login" : `/login?${new URLSearchParams({ redirectTo: returnTo })}`;
    return (
      <div className="account-corner">
        <Link to={to} className="account-login">
          {t("common.account.login")}
        </Link>
      </div>
    );
  }
  return (
    <div className="account-corner">
      <details className="account-menu">
        <summary>{t("common.account.menu")}</summary>
        <div className="account-menu-panel">
          <p className="account-email">{userEmail}</p>
          <ul className="account-links">
            <li>
              <Link to="/profile">{t("common.account.visits")}</Link>
            </li>
            <li>
              <Link to="/profile/health">{t("common.account.mouth")}</Link>
            </li>
          </ul>
          <Form method="post" action="/logout" reloadDocument>
            <button type="submit" className="button button-secondary">
              {t("common.account.logout")}
            </button>
          </Form>
        </div>
      </details>
    </div>
  );
}
