import { EMAIL_BUTTON, EMAIL_COLOURS as C, EmailFrame } from "~/platform/email-frame";

/** A recall email's HTML, in the patient emails' frame (app/platform/email-frame.tsx). */
type Props = { brand: string; heading: string; greeting: string; lead: string; where: string; bookLabel: string; bookUrl: string; unsubscribeUrl: string };

export function RecallEmailHtml(p: Props) {
  return (
    <EmailFrame
      brand={p.brand}
      title={p.heading}
      preheader={p.lead}
      footer={
        <>
          You get this email because you had a visit with us.{" "}
          <a href={p.unsubscribeUrl} style={{ color: C.green900 }}>
            Stop these reminders
          </a>
        </>
      }
    >
      <h1 style={{ margin: "0 0 12px", fontSize: "24px", color: C.green900 }}>{p.heading}</h1>
      <p style={{ margin: "0 0 8px" }}>{p.greeting}</p>
      <p style={{ margin: "0 0 16px", color: C.grey700 }}>{p.lead}</p>
      <p style={{ margin: "0 0 20px", fontSize: "14px", color: C.grey700 }}>
        <strong style={{ color: C.grey900 }}>Where:</strong> {p.where}
      </p>
      <p style={{ margin: "0 0 8px" }}>
        <a href={p.bookUrl} style={EMAIL_BUTTON}>
          {p.bookLabel}
        </a>
      </p>
    </EmailFrame>
  );
}
