import { EMAIL_BUTTON, EMAIL_COLOURS as C, EmailFrame } from "~/platform/email-frame";

/** A recall email's HTML, in the patient emails' frame (app/platform/email-frame.tsx). */
type Props = {
  locale: string;
  brand: string;
  heading: string;
  greeting: string;
  lead: string;
  whereLabel: string;
  where: string;
  bookLabel: string;
  bookUrl: string;
  footer: string;
  stopLabel: string;
  unsubscribeUrl: string;
};

export function RecallEmailHtml(p: Props) {
  return (
    <EmailFrame
      lang={p.locale}
      brand={p.brand}
      title={p.heading}
      preheader={p.lead}
      footer={
        <>
          {p.footer}{" "}
          <a href={p.unsubscribeUrl} style={{ color: C.green900 }}>
            {p.stopLabel}
          </a>
        </>
      }
    >
      <h1 style={{ margin: "0 0 12px", fontSize: "24px", color: C.green900 }}>{p.heading}</h1>
      <p style={{ margin: "0 0 8px" }}>{p.greeting}</p>
      <p style={{ margin: "0 0 16px", color: C.grey700 }}>{p.lead}</p>
      <p style={{ margin: "0 0 20px", fontSize: "14px", color: C.grey700 }}>
        <strong style={{ color: C.grey900 }}>{p.whereLabel}</strong> {p.where}
      </p>
      <p style={{ margin: "0 0 8px" }}>
        <a href={p.bookUrl} style={EMAIL_BUTTON}>
          {p.bookLabel}
        </a>
      </p>
    </EmailFrame>
  );
}
