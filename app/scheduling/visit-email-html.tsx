import { EMAIL_BUTTON, EMAIL_CELL, EMAIL_COLOURS as C, EMAIL_LABEL, EmailFrame } from "~/platform/email-frame";

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

const h2 = { margin: "28px 0 8px", fontSize: "18px", color: C.green900 };

/** A visit email's HTML (booked, moved, cancelled, reminder), in the patient emails' frame (app/platform/email-frame.tsx). */
export function VisitEmailHtml(p: Props) {
  return (
    <EmailFrame
      brand={p.brand}
      title={p.heading}
      preheader={
        <>
          {p.serviceName}, {p.when}, {p.studio.location}
        </>
      }
      footer="You get this email because you booked a visit with us."
    >
      <h1 style={{ margin: "0 0 8px", fontSize: "24px", color: C.green900 }}>{p.heading}</h1>
      <p style={{ margin: "0 0 16px", color: C.grey700 }}>{p.lead}</p>
      <table role="presentation" width="100%" cellPadding={0} cellSpacing={0}>
        <tbody>
          {p.visits ? (
            p.visits.map((v) => (
              <tr key={v.visitUrl}>
                <td style={EMAIL_LABEL}>{v.who}</td>
                <td style={EMAIL_CELL}>
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
              <td style={EMAIL_LABEL}>When</td>
              <td style={{ ...EMAIL_CELL, fontWeight: 700 }}>{p.when}</td>
            </tr>
          )}
          <tr>
            <td style={EMAIL_LABEL}>Where</td>
            <td style={EMAIL_CELL}>
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
              <td style={EMAIL_LABEL}>Phone</td>
              <td style={EMAIL_CELL}>
                <a href={p.telHref} style={{ color: C.green700, fontWeight: 700 }}>
                  {p.studio.phone}
                </a>
              </td>
            </tr>
          ) : null}
          {p.studio.openingHours ? (
            <tr>
              <td style={EMAIL_LABEL}>Hours</td>
              <td style={{ ...EMAIL_CELL, fontSize: "14px" }}>{p.studio.openingHours}</td>
            </tr>
          ) : null}
        </tbody>
      </table>
      {p.intakeUrl && !p.visits ? (
        <>
          <h2 style={h2}>Before your visit</h2>
          <p style={{ margin: "0 0 12px" }}>Please tell us about your insurance and health history so we can get ready for you.</p>
          <p style={{ margin: "0 0 8px" }}>
            <a href={p.intakeUrl} style={EMAIL_BUTTON}>
              Complete your intake
            </a>
          </p>
        </>
      ) : null}
      {p.cancelled ? (
        <p style={{ margin: "20px 0 12px" }}>
          <a href={p.bookUrl} style={EMAIL_BUTTON}>
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
    </EmailFrame>
  );
}
