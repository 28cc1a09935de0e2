import type { MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = () => [{ title: "Terms and cookie policy — Studio Dental" }];

export default function Terms() {
  return (
    <div className="page narrow">
      <h1>Terms of use</h1>
      <p>By using this website you agree to these terms. Booking a visit does not create a treatment plan; your dentist will discuss care with you in person.</p>
      <h2>Appointments and cancellations</h2>
      <p>
        Please give us at least 24 hours’ notice if you need to cancel or reschedule. Where we ask for a card to hold
        an appointment, a late cancellation or missed visit may be charged a fee, as shown when you book.
      </p>
      <h2>Your information</h2>
      <p>We use the details you give us to schedule and provide your care and to contact you about your visits. We never sell your personal information.</p>
      <h2 id="cookies">Cookie Policy</h2>
      <p>
        We use a few cookies to make the site work: one keeps your booking choices while you book (encrypted, for a few
        hours), one remembers that you dismissed the cookie notice, and others remember the campaign or referral link that
        brought you here, for up to 30 days. We do not use cookies to sell advertising.
      </p>
    </div>
  );
}
