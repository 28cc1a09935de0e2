import { useLocation } from "@remix-run/react";
import { usePageI18n, type Alternate } from "~/i18n/use-t";

/**
 * "Español" / "English" (decision 027): a plain link to the same page and step with `?lang=`, so it works without
 * JavaScript, keeps the booking (it lives in its cookie) and reloads the whole document in the other language.
 */
export function LanguageSwitch({ bar = false }: { bar?: boolean }) {
  const { locale, languages } = usePageI18n();
  const { pathname, search } = useLocation();
  const others = languages.filter((l) => l.locale !== locale);
  if (others.length === 0) return null;
  const hrefFor = (l: string) => {
    const params = new URLSearchParams(search);
    params.set("lang", l);
    return `${pathname}?${params}`;
  };
  const links = (
    <p className="language-switch">
      {others.map((l) => (
        <a key={l.locale} href={hrefFor(l.locale)} lang={l.locale} hrefLang={l.locale}>
          {l.name}
        </a>
      ))}
    </p>
  );
  return bar ? <div className="language-bar">{links}</div> : links;
}

/** The public pages' `hreflang` alternates (computed by the root loader). */
export function LanguageAlternates({ alternates }: { alternates: Alternate[] | null }) {
  if (!alternates) return null;
  return (
    <>
      {alternates.map((a) => (
        <link key={a.hrefLang} rel="alternate" hrefLang={a.hrefLang} href={a.href} />
      ))}
    </>
  );
}
