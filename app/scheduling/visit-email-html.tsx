/**
 * A visit email's HTML (booked, moved, cancelled, reminder), rendered on the server with react-dom/server. Email clients need tables
 * and inline styles; no images (the brand is text), so it reads the same with images off. The colours
 * are the design tokens' (app/styles/tokens.css), written out because email has no CSS variables.
 */
const C = { paper: "#f9f9f6", white: "#ffffff", green900: "#0f3d2e", green700: "#1d5c45", green100: "#e4f0e8", grey900: "#1f2421", grey700: "#4a524d", grey300: "#c9ccc7", citron: "#e9ef9c" };
const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

type Props = {
  brand: string;
  heading: string;
  lead: string;
  cancelled: boolean;
  bookUrl: string;
  serviceName: string;
  when: string;
  studio: { name: string; location: string; isVirtual: boolean; mapUrl: string | null; phone: string | null; openingHours: string };
  telHref: string | null;
  intakeUrl: string | null;
  visitUrl: string;
  bring: string[];
  cancellationPolicy: string;
  /** Two visits booked together (issue 20 A): one row per person, each with its own manage and intake links. */
  visits?: { who: string; serviceName: string; when: string; visitUrl: string; calendarUrl: string; intakeUrl: string | null }[];
};

const cell = { padding: "10px 0", borderBottom: `1px solid ${C.grey300}`, verticalAlign: "top" as const };
const label = { ...cell, width: "96px", color: C.grey700, fontSize: "14px", fontWeight: 700 };
const h2 = { margin: "28px 0 8px", fontSize: "18px", color: C.green900 };

export function VisitEmailHtml(p: Props) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{p.heading}</title>
      </head>
      <body style={{ margin: 0, padding: 0, background: C.paper, color: C.grey900, fontFamily: FONT, fontSize: "16px", lineHeight: 1.5 }}>
        <div style={{ display: "none", maxHeight: 0, overflow: "hidden" }}>
          {p.serviceName}, {p.when}, {p.studio.location}
        </div>
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
                            {p.visits ? (
                              p.visits.map((v) => (
                                <tr key={v.visitUrl}>
                                  <td style={label}>{v.who}</td>
                                  <td style={cell}>
                                    <strong>{v.when}</strong>
                                    <br />
                                    {v.serviceName}
                                    <br />
                                    <a href={v.visitUrl} style={{ color: C.green700, fontWeight: 700 }}>
                                      Manage {v.who}’s visit
                                    </a>
                                    {" · "}
                                    <a href={v.calendarUrl} style={{ color: C.green700, fontWeight: 700 }}>
                                      Add to calendar
                                    </a>
                                    {v.intakeUrl ? (
                                      <>
                                        {" · "}
                                        <a href={v.intakeUrl} style={{ color: C.green700, fontWeight: 700 }}>
                                          {v.who}’s intake
                                        </a>
                                      </>
                                    ) : null}
                                  </td>
                                </tr>
                              ))
                            ) : (
                              <tr>
                                <td style={label}>When</td>
                                <td style={{ ...cell, fontWeight: 700 }}>{p.when}</td>
                              </tr>
                            )}
                            <tr>
                              <td style={label}>Where</td>
                              <td style={cell}>
                                {p.studio.location}
                                {p.studio.mapUrl && !p.studio.isVirtual ? (
                                  <>
                                    <br />
                                    <a href={p.studio.mapUrl} style={{ color: C.green700, fontWeight: 700 }}>
                                      Open in Maps
                                    </a>
                                  </>
                                ) : null}
                              </td>
                            </tr>
                            {p.studio.phone && p.telHref ? (
                              <tr>
                                <td style={label}>Phone</td>
                                <td style={cell}>
                                  <a href={p.telHref} style={{ color: C.green700, fontWeight: 700 }}>
                                    {p.studio.phone}
                                  </a>
                                </td>
                              </tr>
                            ) : null}
                            {p.studio.openingHours ? (
                              <tr>
                                <td style={label}>Hours</td>
                                <td style={{ ...cell, fontSize: "14px" }}>{p.studio.openingHours}</td>
                              </tr>
                            ) : null}
                          </tbody>
                        </table>
                        {p.intakeUrl && !p.visits ? (
                          <>
                            <h2 style={h2}>Before your visit</h2>
                            <p style={{ margin: "0 0 12px" }}>Please tell us about your insurance and health history so we can get ready for you.</p>
                            <p style={{ margin: "0 0 8px" }}>
                              <a href={p.intakeUrl} style={{ display: "inline-block", background: C.green700, color: C.white, padding: "12px 20px", borderRadius: "999px", fontWeight: 700, textDecoration: "none" }}>
                                Complete your intake
                              </a>
                            </p>
                          </>
                        ) : null}
                        {p.cancelled ? (
                          <p style={{ margin: "20px 0 12px" }}>
                            <a href={p.bookUrl} style={{ display: "inline-block", background: C.green700, color: C.white, padding: "12px 20px", borderRadius: "999px", fontWeight: 700, textDecoration: "none" }}>
                              Book another visit
                            </a>
                          </p>
                        ) : (
                          <>
                            <h2 style={h2}>What to bring</h2>
                            <ul style={{ margin: 0, paddingLeft: "20px" }}>
                              {p.bring.map((item) => (
                                <li key={item}>{item}</li>
                              ))}
                            </ul>
                            <h2 style={h2}>Cancelling or rescheduling</h2>
                            <p style={{ margin: "0 0 12px" }}>{p.cancellationPolicy}</p>
                            {p.visits ? (
                              <p style={{ margin: "0 0 12px" }}>Manage each visit, and add it to your calendar, from its links above.</p>
                            ) : (
                              <p style={{ margin: "0 0 12px" }}>
                                <a href={p.visitUrl} style={{ color: C.green700, fontWeight: 700 }}>
                                  Manage your visit
                                </a>{" "}
                                to reschedule or cancel it. The attached calendar file adds it to your calendar.
                              </p>
                            )}
                          </>
                        )}
                      </td>
                    </tr>
                    <tr>
                      <td style={{ background: C.green100, padding: "16px 24px", borderRadius: "0 0 12px 12px", fontSize: "13px", color: C.grey700 }}>
                        {p.brand} · You get this email because you booked a visit with us.
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
