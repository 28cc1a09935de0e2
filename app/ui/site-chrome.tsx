import { Link, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";

const NAV = [
  { href: "/booking", label: "Book a visit" },
  { href: "/about", label: "About us" },
  { href: "/terms", label: "Terms" },
];

/** The mobile menu is a <details> element: it opens and closes without JavaScript. */
export function SiteHeader({ userEmail, pathname }: { userEmail: string | null; pathname: string }) {
  const navigation = useNavigation();
  const location = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  // A client-side navigation keeps the header mounted: close the menu as a page load would.
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location.key]);
  return (
    <header className="site-header">
      <div className={navigation.state === "idle" ? "page-loading" : "page-loading active"} aria-hidden="true" />
      <div className="header-inner">
        <Link to="/" className="brand">
          Studio Dental
        </Link>
        <details className="menu" ref={menu}>
          <summary>Menu</summary>
          <nav aria-label="Main">
            <ul>
              {NAV.map((item) => (
                <li key={item.href}>
                  <Link to={item.href} aria-current={pathname === item.href ? "page" : undefined}>
                    {item.label}
                  </Link>
                </li>
              ))}
              {userEmail ? <li className="signed-in">Signed in as {userEmail}</li> : null}
            </ul>
          </nav>
        </details>
      </div>
    </header>
  );
}

export function SiteFooter({ supportEmail }: { supportEmail: string }) {
  return (
    <footer className="site-footer">
      <p>
        Questions? Email <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
      </p>
      <p>
        <Link to="/terms">Terms</Link> · <Link to="/terms#cookies">Cookie Policy</Link>
      </p>
    </footer>
  );
}
