import { Link, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { LanguageSwitch } from "./language-switch";
import { BRAND_NAME, LogoMark } from "./brand";

const NAV = [
  { href: "/studios", label: "Our studios" },
  { href: "/invisalign", label: "Invisalign" },
  { href: "/about", label: "About us" },
];
const CTA = { href: "/booking", label: "Book a visit" };

function NavItems({ pathname }: { pathname: string }) {
  return (
    <>
      {NAV.map((item) => (
        <li key={item.href}>
          <Link to={item.href} aria-current={pathname === item.href ? "page" : undefined}>
            {item.label}
          </Link>
        </li>
      ))}
      <li className="nav-cta">
        <Link to={CTA.href} aria-current={pathname === CTA.href ? "page" : undefined}>
          {CTA.label}
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
  const signedIn = userEmail ? <li className="signed-in">Signed in as {userEmail}</li> : null;
  return (
    <header className="site-header">
      <div className={navigation.state === "idle" ? "page-loading" : "page-loading active"} aria-hidden="true" />
      <div className="header-inner">
        <Link to="/" className="brand">
          <LogoMark />
          {BRAND_NAME}
        </Link>
        <LanguageSwitch />
        <nav aria-label="Main" className="site-nav">
          <ul>
            {signedIn}
            <NavItems pathname={pathname} />
          </ul>
        </nav>
        <details className="menu" ref={menu}>
          <summary>
            <span className="menu-icon" aria-hidden="true" />
            Menu
          </summary>
          <nav aria-label="Main">
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
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <div className="footer-brand">
          <p className="brand">
            <LogoMark size={28} />
            {BRAND_NAME}
          </p>
          <p>Modern dentistry in Washington DC, New York, Boston, Atlanta and Nashville.</p>
          <p>
            Questions? Email <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
          </p>
          {appStoreUrl ? (
            <p>
              <a href={appStoreUrl} rel="noopener noreferrer">
                Get the Studio Dental app on the App Store
              </a>
            </p>
          ) : null}
        </div>
        <nav aria-label="Visit us">
          <ul>
            <li>
              <Link to="/studios">Our studios</Link>
            </li>
            <li>
              <Link to="/booking">Book a visit</Link>
            </li>
            <li>
              <Link to="/invite-a-friend">Invite a friend</Link>
            </li>
            <li>
              <Link to="/contact">Contact us</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Legal">
          <ul>
            <li>
              <Link to="/privacy">Notice of privacy practices</Link>
            </li>
            <li>
              <Link to="/terms">Terms of use</Link>
            </li>
            <li>
              <Link to="/terms#cookies">Cookie Policy</Link>
            </li>
          </ul>
        </nav>
        <p className="footer-small">© {BRAND_NAME}. Studio addresses and phone numbers in this demo are illustrative.</p>
      </div>
    </footer>
  );
}
