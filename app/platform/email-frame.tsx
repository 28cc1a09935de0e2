import type { ReactNode } from "react";

/**
 * The frame every patient email's HTML shares (visits, waitlist, recall), rendered on the server with
 * react-dom/server. Email clients need tables and inline styles; no images (the brand is text), so it reads the
 * same with images off. The colours are the design tokens' (app/styles/tokens.css), written out because email has
 * no CSS variables.
 */
export const EMAIL_COLOURS = {
  paper: "#f9f9f6",
  white: "#ffffff",
  green900: "#0f3d2e",
  green700: "#1d5c45",
  green100: "#e4f0e8",
  grey900: "#1f2421",
  grey700: "#4a524d",
  grey300: "#c9ccc7",
  citron: "#e9ef9c",
};
const C = EMAIL_COLOURS;
const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/** The one call to action of an email: a pill-shaped link. */
export const EMAIL_BUTTON = { display: "inline-block", background: C.green700, color: C.white, padding: "12px 20px", borderRadius: "999px", fontWeight: 700, textDecoration: "none" };

/** A details table's cells (label | value), as in the visit emails. */
export const EMAIL_CELL = { padding: "10px 0", borderBottom: `1px solid ${C.grey300}`, verticalAlign: "top" as const };
export const EMAIL_LABEL = { ...EMAIL_CELL, width: "96px", color: C.grey700, fontSize: "14px", fontWeight: 700 };

type Props = {
  /** The reader's locale ("es-US"): the document's language, for screen readers and translation offers. */
  lang?: string;
  brand: string;
  /** The document's title (the email's heading). */
  title: string;
  /** The line mail clients show beside the subject; none when absent. */
  preheader?: ReactNode;
  /** The footer's words after the brand ("You get this email because…", a leave or stop link). */
  footer: ReactNode;
  children: ReactNode;
};

export function EmailFrame({ lang = "en-US", brand, title, preheader, footer, children }: Props) {
  return (
    <html lang={lang.split("-")[0]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
      </head>
      <body style={{ margin: 0, padding: 0, background: C.paper, color: C.grey900, fontFamily: FONT, fontSize: "16px", lineHeight: 1.5 }}>
        {preheader !== undefined ? <div style={{ display: "none", maxHeight: 0, overflow: "hidden" }}>{preheader}</div> : null}
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ background: C.paper }}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: "24px 12px" }}>
                <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ maxWidth: "560px", background: C.white, borderRadius: "12px" }}>
                  <tbody>
                    <tr>
                      <td style={{ background: C.green900, color: C.white, padding: "18px 24px", borderRadius: "12px 12px 0 0", fontSize: "20px", fontWeight: 700 }}>
                        <span style={{ color: C.citron }}>●</span> {brand}
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: "24px" }}>{children}</td>
                    </tr>
                    <tr>
                      <td style={{ background: C.green100, padding: "16px 24px", borderRadius: "0 0 12px 12px", fontSize: "13px", color: C.grey700 }}>
                        {brand} · {footer}
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}
