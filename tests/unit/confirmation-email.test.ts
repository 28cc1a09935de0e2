import { describe, expect, it } from "vitest";
import { confirmationEmail } from "~/visit-notices/visit-email";
import { priceLine, priceLineOfGroup } from "~/scheduling/prices";
import { tFor } from "~/i18n/catalogues.server";
import { FENWAY, visitEmailInput } from "../fixtures/visit-email";

const EN = tFor("en-US");
const ES = tFor("es-US");

const base = visitEmailInput();

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

const fenway = { ...FENWAY, latitude: 42.345, longitude: -71.098 };

describe("the branded confirmation email", () => {
  const mail = confirmationEmail({ ...base, studio: fenway });
  it("has the brand, the date and the time in its subject", () => {
    expect(mail.subject).toBe("Studio Dental: your Checkup & cleaning on Monday, March 15, 2027 at 9:00 AM EDT");
  });
  it("gives the studio's address, map link, phone and hours in the text and in the HTML", () => {
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain("1330 Boylston St, Boston, MA 02215");
      expect(body).toContain("(617) 555-0171");
      expect(body).toContain("Mon–Fri 8 AM–5 PM");
      expect(body).toContain("at least 24 hours ahead");
      expect(body).toContain("A photo ID");
      expect(body).toContain("https://book.example.com/booking/confirmed/tok_123-ABC");
    }
    expect(mail.html).toContain('href="tel:+16175550171"');
    expect(mail.text).toContain("Map: https://www.google.com/maps/search/?api=1&query=Fenway");
    expect(mail.html).toContain('href="https://www.google.com/maps/search/?api=1&amp;query=Fenway"');
    expect(mail.html).toMatch(/^<!DOCTYPE html><html lang="en">/);
    expect(mail.html).not.toContain("<img"); // reads the same with images off
  });
  it("puts the full address in the calendar file's LOCATION, and GEO", () => {
    const ics = mail.ics.replace(/\r\n /g, "");
    expect(ics).toContain("LOCATION:Fenway\\, 1330 Boylston St\\, Boston\\, MA 02215");
    expect(ics).toContain("GEO:42.345000;-71.098000");
    expect(ics).toContain("PRODID:-//Studio Dental//Appointments//EN");
  });
  it("a video visit has no GEO and says where it happens", () => {
    const video = confirmationEmail({ ...base, studio: { ...fenway, isVirtual: true, address: "" } });
    expect(video.ics).not.toContain("GEO:");
    expect(video.ics).toContain("LOCATION:Video visit");
  });
});

describe("price lines", () => {
  it("shows the self-pay price, with the coverage line where insurance usually pays (spec §5 currency)", () => {
    expect(priceLine({ category: "cosmetic", priceCents: 49900 }, EN, "en-US")).toBe("$499");
    expect(priceLine({ category: "preventive", priceCents: 19900 }, EN, "en-US")).toBe("Usually covered by insurance · $199 without insurance");
    expect(priceLine({ category: "emergency", priceCents: 14950 }, EN, "en-US")).toBe("Usually covered by insurance · $149.50 without insurance");
    expect(priceLine({ category: "ortho", priceCents: 0 }, EN, "en-US")).toBe("Free consult");
  });
  it("a choice leading to several services shows their shared line, or where prices start", () => {
    expect(priceLineOfGroup([{ category: "consult", priceCents: 9900 }, { category: "consult", priceCents: 9900 }], EN, "en-US")).toBe("Usually covered by insurance · $99 without insurance");
    expect(priceLineOfGroup([{ category: "cosmetic", priceCents: 7500 }, { category: "cosmetic", priceCents: 49900 }], EN, "en-US")).toBe("From $75");
  });
  it("in Spanish: the catalogue's words and a Spanish-formatted price", () => {
    expect(priceLine({ category: "emergency", priceCents: 14950 }, ES, "es-US")).toBe("Suele cubrirlo el seguro dental · $149.50 sin seguro");
    expect(priceLine({ category: "ortho", priceCents: 0 }, ES, "es-US")).toBe("Consulta gratuita");
  });
});
