import type { T } from "~/i18n/translate";
import { EMAIL_BUTTON, EMAIL_CELL, EMAIL_COLOURS as C, EMAIL_LABEL, EmailFrame } from "~/platform/email-frame";

type Props = {
  /** The visit's words and language (the email speaks the visit's stored language). */
  t: T;
  locale: string;
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
  visits?: { who: string; serviceName: string; when: string; visitUrl: string; calendarUrl: string; intakeUrl: string | null; manageLabel?: string }[];
  /** A series (issue 39): the link to its calendar file of every visit. */
  seriesCalendar?: { url: string; label: string };
  /** What the visits' links do, when not the pair's words. */
  eachNote?: string;
};

const h2 = { margin: "28px 0 8px", fontSize: "18px", color: C.green900 };

/** A visit email's HTML (booked, moved, cancelled, reminder), in the patient emails' frame (app/platform/email-frame.tsx). */
export function VisitEmailHtml(p: Props) {
  const { t } = p;
  return (
    <EmailFrame
      lang={p.locale}
      brand={p.brand}
      title={p.heading}
      preheader={
        <>
          {p.serviceName}, {p.when}, {p.studio.location}
        </>
      }
      footer={t("visit.email.footer")}
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
                    {v.manageLabel ?? t("visit.email.html.manageOf", { who: v.who })}
                  </a>
                  {" · "}
                  <a href={v.calendarUrl} style={{ color: C.green700, fontWeight: 700 }}>
                    {t("visit.email.html.addToCalendar")}
                  </a>
                  {v.intakeUrl ? (
                    <>
                      {" · "}
                      <a href={v.intakeUrl} style={{ color: C.green700, fontWeight: 700 }}>
                        {t("visit.email.html.intakeOf", { who: v.who })}
                      </a>
                    </>
                  ) : null}
                </td>
              </tr>
            ))
          ) : (
            <tr>
              <td style={EMAIL_LABEL}>{t("visit.email.html.when")}</td>
              <td style={{ ...EMAIL_CELL, fontWeight: 700 }}>{p.when}</td>
            </tr>
          )}
          <tr>
            <td style={EMAIL_LABEL}>{t("visit.email.html.where")}</td>
            <td style={EMAIL_CELL}>
              {p.studio.location}
              {p.studio.mapUrl && !p.studio.isVirtual ? (
                <>
                  <br />
                  <a href={p.studio.mapUrl} style={{ color: C.green700, fontWeight: 700 }}>
                    {t("visit.email.html.openMaps")}
                  </a>
                </>
              ) : null}
            </td>
          </tr>
          {p.studio.phone && p.telHref ? (
            <tr>
              <td style={EMAIL_LABEL}>{t("visit.email.html.phone")}</td>
              <td style={EMAIL_CELL}>
                <a href={p.telHref} style={{ color: C.green700, fontWeight: 700 }}>
                  {p.studio.phone}
                </a>
              </td>
            </tr>
          ) : null}
          {p.studio.openingHours ? (
            <tr>
              <td style={EMAIL_LABEL}>{t("visit.email.html.hours")}</td>
              <td style={{ ...EMAIL_CELL, fontSize: "14px" }}>{p.studio.openingHours}</td>
            </tr>
          ) : null}
        </tbody>
      </table>
      {p.seriesCalendar ? (
        <p style={{ margin: "16px 0 8px" }}>
          <a href={p.seriesCalendar.url} style={EMAIL_BUTTON}>
            {p.seriesCalendar.label}
          </a>
        </p>
      ) : null}
      {p.intakeUrl && (!p.visits || p.seriesCalendar) ? (
        <>
          <h2 style={h2}>{t("visit.intake.heading")}</h2>
          <p style={{ margin: "0 0 12px" }}>{t("visit.email.html.intakeLead")}</p>
          <p style={{ margin: "0 0 8px" }}>
            <a href={p.intakeUrl} style={EMAIL_BUTTON}>
              {t("visit.intake.cta")}
            </a>
          </p>
        </>
      ) : null}
      {p.cancelled ? (
        <>
          {p.eachNote ? <p style={{ margin: "20px 0 0" }}>{p.eachNote}</p> : null}
          <p style={{ margin: "20px 0 12px" }}>
            <a href={p.bookUrl} style={EMAIL_BUTTON}>
              {t("visit.bookAnother")}
            </a>
          </p>
        </>
      ) : (
        <>
          <h2 style={h2}>{t("visit.manage.bring")}</h2>
          <ul style={{ margin: 0, paddingLeft: "20px" }}>
            {p.bring.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <h2 style={h2}>{t("visit.manage.policyHeading")}</h2>
          <p style={{ margin: "0 0 12px" }}>{p.cancellationPolicy}</p>
          {p.visits ? (
            <p style={{ margin: "0 0 12px" }}>{p.eachNote ?? t("visit.email.html.manageEach")}</p>
          ) : (
            <p style={{ margin: "0 0 12px" }}>
              <a href={p.visitUrl} style={{ color: C.green700, fontWeight: 700 }}>
                {t("visit.email.html.manage")}
              </a>{" "}
              {t("visit.email.html.manageRest")}
            </p>
          )}
        </>
      )}
    </EmailFrame>
  );
}
