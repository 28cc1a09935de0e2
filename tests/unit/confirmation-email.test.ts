import { describe, expect, it } from "vitest";
import { confirmationEmail } from "~/scheduling/confirmation-email";

const base = {
  to: "pat@example.com",
  firstName: "Pat",
  appointment: {
    token: "tok_123-ABC",
    startsAt: new Date("2027-03-15T13:00:00Z"),
    endsAt: new Date("2027-03-15T14:00:00Z"),
    serviceType: "CLNCHK",
    needsInsurance: false,
  },
  studio: { slug: "fenway", name: "Fenway", address: "1 Main St", tz: "America/New_York", isVirtual: false },
  service: { name: "Checkup & cleaning" },
  now: new Date("2027-03-01T12:00:00Z"),
  siteOrigin: "https://book.example.com",
};

describe("confirmation email", () => {
  it("links to intake on the configured origin when the service requires intake", () => {
    const mail = confirmationEmail({ ...base, appointment: { ...base.appointment, serviceType: "INVISALN" } });
    expect(mail.text).toContain("https://book.example.com/intake?token=tok_123-ABC&appointmentBooked=true");
    expect(mail.text).not.toContain("localhost");
  });
  it("links to intake when the visit needs insurance", () => {
    const mail = confirmationEmail({ ...base, appointment: { ...base.appointment, needsInsurance: true } });
    expect(mail.text).toContain("https://book.example.com/intake?token=tok_123-ABC&appointmentBooked=true");
  });
  it("has no intake link otherwise; the visit is in the studio's time, with the calendar file", () => {
    const mail = confirmationEmail(base);
    expect(mail.text).not.toContain("/intake");
    expect(mail.text).toContain("9:00 AM");
    expect(mail.ics).toContain("DTSTART;TZID=America/New_York:20270315T090000");
  });
});
