import { EMAIL_BUTTON, EMAIL_CELL, EMAIL_COLOURS as C, EMAIL_LABEL, EmailFrame } from "~/platform/email-frame";

/** The waitlist emails' HTML (joined, a time for you): the patient emails' frame, one button, the leave link in the footer. */
export type WaitlistEmailProps = {
  /** The reader's locale: the document's language. */
  locale: string;
  brand: string;
  heading: string;
  lead: string;
  rows: { label: string; value: string }[];
  button: { href: string; label: string } | null;
  after: string;
  footer: string;
  leaveLabel: string;
  leaveUrl: string;
};

export function WaitlistEmailHtml(p: WaitlistEmailProps) {
  return (
    <EmailFrame
      lang={p.locale}
      brand={p.brand}
      title={p.heading}
      footer={
        <>
          {p.footer}{" "}
          <a href={p.leaveUrl} style={{ color: C.green700, fontWeight: 700 }}>
            {p.leaveLabel}
          </a>
        </>
      }
    >
      <h1 style={{ margin: "0 0 8px", fontSize: "24px", color: C.green900 }}>{p.heading}</h1>
      <p style={{ margin: "0 0 16px", color: C.grey700 }}>{p.lead}</p>
      <table role="presentation" width="100%" cellPadding={0} cellSpacing={0}>
        <tbody>
          {p.rows.map((r) => (
            <tr key={r.label}>
              <td style={EMAIL_LABEL}>{r.label}</td>
              <td style={{ ...EMAIL_CELL, fontWeight: 700 }}>{r.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {p.button ? (
        <p style={{ margin: "20px 0 12px" }}>
          <a href={p.button.href} style={EMAIL_BUTTON}>
            {p.button.label}
          </a>
        </p>
      ) : null}
      <p style={{ margin: "12px 0 0" }}>{p.after}</p>
    </EmailFrame>
  );
}
