import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Trans, useT } from "~/i18n/use-t";
import { LanguageSwitch } from "./language-switch";
import { BRAND_NAME, LogoMark } from "./brand";

const NAV = [
  { href: "/studios", label: "common.nav.studios" },
  { href: "/invisalign", label: "common.nav.invisalign" },
  { href: "/about", label: "common.nav.about" },
];
const CTA = { href: "/booking", label: "common.nav.book" };

function NavItems({ pathname }: { pathname: string }) {
  const t = useT();
  return (
    <>
      {NAV.map((item) => (
        <li key={item.href}>
          <Link to={item.href} aria-current={pathname === item.href ? "page" : undefined}>
            {t(item.label)}
          </Link>
        </li>
      ))}
      <li className="nav-cta">
        <Link to={CTA.href} aria-current={pathname === CTA.href ? "page" : undefined}>
          {t(CTA.label)}
        </Link>
      </li>
    </>
  );
}

/**
 * The site header: the logo, the navigation inline from 900 px, and below that a <details> menu, which
 * opens and closes without JavaScript. Only one of the two navs is displayed at a time.
 */
export function SiteHeader({ userEmail, pathname }: { userEmail: string | null; pathname: string }) {
  const navigation = useNavigation();
  const location = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  // A client-side navigation keeps the header mounted: close the menu as a page load would.
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location.key]);
  const t = useT();
  const signedIn = userEmail ? <li className="signed-in">{t("common.nav.signedInAs", { email: userEmail })}</li> : null;
  return (
    <header className="site-header">
      <div className={navigation.state === "idle" ? "page-loading" : "page-loading active"} aria-hidden="true" />
      <div className="header-inner">
        <Link to="/" className="brand">
          <LogoMark />
          {BRAND_NAME}
        </Link>
        <LanguageSwitch />
        <nav aria-label={t("common.nav.main")} className="site-nav">
          <ul>
            {signedIn}
            <NavItems pathname={pathname} />
          </ul>
        </nav>
        <details className="menu" ref={menu}>
          <summary>
            <span className="menu-icon" aria-hidden="true" />
            {t("common.nav.menu")}
          </summary>
          <nav aria-label={t("common.nav.main")}>
            <ul>
              <NavItems pathname={pathname} />
              {signedIn}
            </ul>
          </nav>
        </details>
      </div>
    </header>
  );
}

/**
 * The footer: how to reach us, the studios, the legal pages (terms, the cookie policy the banner links to,
 * the privacy notice) and the app's store listing — left out inside the app's own web view (`appStoreUrl` null).
 */
export function SiteFooter({ supportEmail, appStoreUrl }: { supportEmail: string; appStoreUrl: string | null }) {
  const t = useT();
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <div className="footer-brand">
          <p className="brand">
            <LogoMark size={28} />
            {BRAND_NAME}
          </p>
          <p>{t("common.footer.about")}</p>
          <p>
            <Trans k="common.footer.questions" vars={{ email: supportEmail }} tags={{ mail: <a href={`mailto:${supportEmail}`} /> }} />
          </p>
          {appStoreUrl ? (
            <p>
              <a href={appStoreUrl} rel="noopener noreferrer">
                {t("common.footer.app")}
              </a>
            </p>
          ) : null}
        </div>
        <nav aria-label={t("common.footer.visitUs")}>
          <ul>
            <li>
              <Link to="/studios">{t("common.footer.studios")}</Link>
            </li>
            <li>
              <Link to="/booking">{t("common.footer.book")}</Link>
            </li>
            <li>
              <Link to="/invite-a-friend">{t("common.footer.invite")}</Link>
            </li>
            <li>
              <Link to="/contact">{t("common.footer.contact")}</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label={t("common.footer.legal")}>
          <ul>
            <li>
              <Link to="/privacy">{t("common.footer.privacy")}</Link>
            </li>
            <li>
              <Link to="/terms">{t("common.footer.terms")}</Link>
            </li>
            <li>
              <Link to="/terms#cookies">{t("common.footer.cookies")}</Link>
            </li>
          </ul>
        </nav>
        <p className="footer-small">{t("common.footer.small", { brand: BRAND_NAME })}</p>
      </div>
    </footer>
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
