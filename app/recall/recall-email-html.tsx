/**
 * A recall email's HTML, in the visit emails' layout (scheduling/visit-email-html.tsx): tables and inline styles
 * for email clients, no images, the design tokens' colours written out.
 */
const C = { paper: "#f9f9f6", white: "#ffffff", green900: "#0f3d2e", green700: "#1d5c45", green100: "#e4f0e8", grey900: "#1f2421", grey700: "#4a524d", citron: "#e9ef9c" };
const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

type Props = { brand: string; heading: string; greeting: string; lead: string; where: string; bookLabel: string; bookUrl: string; unsubscribeUrl: string };

export function RecallEmailHtml(p: Props) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{p.heading}</title>
      </head>
      <body style={{ margin: 0, padding: 0, background: C.paper, color: C.grey900, fontFamily: FONT, fontSize: "16px", lineHeight: 1.5 }}>
        <div style={{ display: "none", maxHeight: 0, overflow: "hidden" }}>{p.lead}</div>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ background: C.paper }}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: "24px 12px" }}>
                <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ maxWidth: "560px", background: C.white, borderRadius: "12px" }}>
                  <tbody>
                    <tr>
                      <td style={{ background: C.green900, color: C.white, padding: "18px 24px", borderRadius: "12px 12px 0 0", fontSize: "20px", fontWeight: 700 }}>
                        <span style={{ color: C.citron }}>●</span> {p.brand}
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: "24px" }}>
                        <h1 style={{ margin: "0 0 12px", fontSize: "24px", color: C.green900 }}>{p.heading}</h1>
                        <p style={{ margin: "0 0 8px" }}>{p.greeting}</p>
                        <p style={{ margin: "0 0 16px", color: C.grey700 }}>{p.lead}</p>
                        <p style={{ margin: "0 0 20px", fontSize: "14px", color: C.grey700 }}>
                          <strong style={{ color: C.grey900 }}>Where:</strong> {p.where}
                        </p>
                        <p style={{ margin: "0 0 8px" }}>
                          <a href={p.bookUrl} style={{ display: "inline-block", background: C.green700, color: C.white, padding: "12px 20px", borderRadius: "999px", fontWeight: 700, textDecoration: "none" }}>
                            {p.bookLabel}
                          </a>
                        </p>
                      </td>
                    </tr>
                    <tr>
                      <td style={{ background: C.green100, padding: "16px 24px", borderRadius: "0 0 12px 12px", fontSize: "13px", color: C.grey700 }}>
                        {p.brand} · You get this email because you had a visit with us.{" "}
                        <a href={p.unsubscribeUrl} style={{ color: C.green900 }}>
                          Stop these reminders
                        </a>
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
