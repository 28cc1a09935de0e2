/**
 * The waitlist emails' HTML (joined, a time for you): the visit emails' frame (tables, inline styles, no images), with
 * one button and the leave link in the footer. Colours are the design tokens' (app/styles/tokens.css).
 */
const C = { paper: "#f9f9f6", white: "#ffffff", green900: "#0f3d2e", green700: "#1d5c45", green100: "#e4f0e8", grey900: "#1f2421", grey700: "#4a524d", grey300: "#c9ccc7", citron: "#e9ef9c" };
const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const cell = { padding: "10px 0", borderBottom: `1px solid ${C.grey300}`, verticalAlign: "top" as const };
const label = { ...cell, width: "96px", color: C.grey700, fontSize: "14px", fontWeight: 700 };

export type WaitlistEmailProps = {
  brand: string;
  heading: string;
  lead: string;
  rows: { label: string; value: string }[];
  button: { href: string; label: string } | null;
  after: string;
  leaveUrl: string;
};

export function WaitlistEmailHtml(p: WaitlistEmailProps) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{p.heading}</title>
      </head>
      <body style={{ margin: 0, padding: 0, background: C.paper, color: C.grey900, fontFamily: FONT, fontSize: "16px", lineHeight: 1.5 }}>
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
                        <h1 style={{ margin: "0 0 8px", fontSize: "24px", color: C.green900 }}>{p.heading}</h1>
                        <p style={{ margin: "0 0 16px", color: C.grey700 }}>{p.lead}</p>
                        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0}>
                          <tbody>
                            {p.rows.map((r) => (
                              <tr key={r.label}>
                                <td style={label}>{r.label}</td>
                                <td style={{ ...cell, fontWeight: 700 }}>{r.value}</td>
                              </tr>
                            ))}
                          </tbody>
                        </table>
                        {p.button ? (
                          <p style={{ margin: "20px 0 12px" }}>
                            <a href={p.button.href} style={{ display: "inline-block", background: C.green700, color: C.white, padding: "12px 20px", borderRadius: "999px", fontWeight: 700, textDecoration: "none" }}>
                              {p.button.label}
                            </a>
                          </p>
                        ) : null}
                        <p style={{ margin: "12px 0 0" }}>{p.after}</p>
                      </td>
                    </tr>
                    <tr>
                      <td style={{ background: C.green100, padding: "16px 24px", borderRadius: "0 0 12px 12px", fontSize: "13px", color: C.grey700 }}>
                        {p.brand} · You get this email because you joined our waitlist.{" "}
                        <a href={p.leaveUrl} style={{ color: C.green700, fontWeight: 700 }}>
                          Leave the waitlist
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
