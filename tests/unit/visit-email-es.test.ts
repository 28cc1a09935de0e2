import { describe, expect, it } from "vitest";
import { confirmationEmail, visitEmail } from "~/visit-notices/visit-email";
import { STUDIO_ROWS } from "~/db/catalogue";
import { pairConfirmationEmail } from "~/visit-notices/visit-email";
import { FENWAY, visitEmailInput } from "../fixtures/visit-email";

/**
 * A visit's emails and calendar file speak the visit's stored language (appointments.locale, issue 21): a visit
 * booked in Spanish gets Spanish subjects, HTML, text and SUMMARY/DESCRIPTION; an English one is unchanged.
 */
const input = (locale?: string) => visitEmailInput({ locale, needsInsurance: true });
const unfold = (ics: string) => ics.replace(/\r\n /g, "");
const textOf = (html: string) => html.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ");

describe("a visit booked in Spanish (es-US)", () => {
  const mail = confirmationEmail(input("es-US"));
  it("has a Spanish subject with the date and time in Spanish", () => {
    expect(mail.subject).toBe("Studio Dental: su cita de Chequeo y limpieza el lunes, 15 de marzo de 2027 a las 9:00 a.m. EDT");
  });
  it("speaks Spanish in the text and the HTML", () => {
    expect(mail.text).toContain("Hola, Pat:");
    expect(mail.text).toContain("Su cita de Chequeo y limpieza está reservada para el lunes, 15 de marzo de 2027, 9:00 a.m. EDT en Studio Dental Fenway.");
    expect(mail.text).toContain("QUÉ TRAER\n- Una identificación con foto");
    expect(mail.text).toContain("con al menos 24 horas de anticipación");
    expect(mail.text).toContain("Por favor, complete su formulario de salud");
    expect(mail.text).toContain("Administre su cita (cambiarla o cancelarla): https://book.example.com/booking/confirmed/tok_123-ABC");
    expect(mail.html).toMatch(/^<!DOCTYPE html><html lang="es">/);
    const html = textOf(mail.html);
    expect(html).toContain("Su cita está reservada, Pat");
    expect(html).toContain("Cuándo");
    expect(html).toContain("Completar el formulario de salud");
    expect(html).toContain("Recibe este correo electrónico porque reservó una cita con nosotros.");
    for (const english of ["You’re booked", "What to bring", "Manage your visit", "A photo ID", "You get this email"]) {
      expect(mail.text + mail.html).not.toContain(english);
    }
  });
  it("writes the calendar file's SUMMARY and DESCRIPTION in Spanish", () => {
    const ics = unfold(mail.ics);
    expect(ics).toContain("SUMMARY:Chequeo y limpieza en Studio Dental Fenway");
    expect(ics).toContain("DESCRIPTION:Por favor\\, llegue 10 minutos antes.");
    expect(ics).toContain("Teléfono del consultorio: (617) 555-0171.");
  });
  it("reminds in Spanish", () => {
    const reminder = visitEmail(input("es-US"), { kind: "reminder", reminder: "2d", intakeOpen: false });
    expect(reminder.subject).toBe("Recordatorio: su cita de Chequeo y limpieza el lunes, 15 de marzo de 2027 a las 9:00 a.m. EDT");
    expect(reminder.text).toContain("Un recordatorio: su cita de Chequeo y limpieza es el lunes, 15 de marzo de 2027, 9:00 a.m. EDT en Studio Dental Fenway.");
    expect(textOf(reminder.html)).toContain("Lo esperamos en dos días");
    expect(reminder.text).not.toContain("/intake");
  });
  it("cancels in Spanish, with the late fee and the card in Spanish", () => {
    const cancel = visitEmail(input("es-US"), { kind: "cancelled", lateFeeCents: 5000, cardLabel: "Visa terminada en 4242" });
    expect(cancel.subject).toBe("Studio Dental: su cita de Chequeo y limpieza del lunes, 15 de marzo de 2027 está cancelada");
    expect(cancel.text).toContain("se cobrará un cargo por cancelación tardía de $50 a Visa terminada en 4242.");
    expect(unfold(cancel.ics)).toContain("DESCRIPTION:Esta cita fue cancelada.");
  });
});

/**
 * Issue 33 C: the studio's hours came in English in a Spanish email ("Mon–Fri 8 AM–5 PM (Tue, Thu 10 AM–7 PM) · Sat
 * 9 AM–2 PM"), and the video studio's name ("Virtual consult (video)"). The catalogue's own hours line and studio.
 */
describe("a Spanish email's studio: its hours and the video studio's name in Spanish", () => {
  const catalogue = (slug: string) => STUDIO_ROWS.find((s) => s.slug === slug)!;
  const HOURS_ES = /lun–vie 8\u00a0a\.(\u00a0)?m\.–5\u00a0p\.(\u00a0)?m\. \(mar, jue 10\u00a0a\.(\u00a0)?m\.–7\u00a0p\.(\u00a0)?m\.\) · sáb 9\u00a0a\.(\u00a0)?m\.–2\u00a0p\.(\u00a0)?m\./;
  const ENGLISH_HOURS = /\b(Mon|Tue|Thu|Fri|Sat|AM|PM)\b/;
  // The HTML's words, its no-break spaces kept ("8 a.m." is never split over two lines).
  const words = (html: string) => html.replace(/<[^>]*>/g, " ").replace(/[ \t\r\n]+/g, " ");
  const fenway = { ...FENWAY, openingHours: catalogue("fenway").openingHours };
  const virtual = { ...FENWAY, slug: "virtual", name: catalogue("virtual").name, address: "", isVirtual: true, openingHours: catalogue("virtual").openingHours, mapUrl: null };

  it("the booked, moved and reminder emails give the hours in Spanish, in the text and the HTML", () => {
    const input = visitEmailInput({ locale: "es-US", studio: fenway });
    for (const mail of [confirmationEmail(input), visitEmail(input, { kind: "rescheduled", previousStartsAt: new Date("2027-03-12T13:00:00Z") }), visitEmail(input, { kind: "reminder", reminder: "2d", intakeOpen: false })]) {
      expect(mail.text).toMatch(new RegExp(`Horario: ${HOURS_ES.source}`));
      expect(words(mail.html)).toMatch(HOURS_ES);
      expect(mail.text + words(mail.html)).not.toMatch(ENGLISH_HOURS);
    }
  });
  it("two visits booked together: the hours in Spanish too", () => {
    const one = { ...visitEmailInput({ locale: "es-US", studio: fenway }), who: "Pat" };
    const mail = pairConfirmationEmail([one, { ...one, who: "Sam", appointment: { ...one.appointment, token: "tok_456-DEF" } }], "Pat");
    expect(mail.text).toMatch(HOURS_ES);
    expect(words(mail.html)).toMatch(HOURS_ES);
    expect(mail.text + words(mail.html)).not.toMatch(ENGLISH_HOURS);
  });
  it("the video studio is named in Spanish in the email and its calendar file; in English as the studio keeps it", () => {
    const mail = confirmationEmail(visitEmailInput({ locale: "es-US", studio: virtual }));
    expect(mail.text).toContain("en Studio Dental Consulta virtual (por video).");
    expect(unfold(mail.ics)).toContain("SUMMARY:Chequeo y limpieza en Studio Dental Consulta virtual (por video)");
    expect(mail.text + mail.html + mail.ics).not.toContain("Virtual consult");
    const english = confirmationEmail(visitEmailInput({ locale: "en-US", studio: virtual }));
    expect(english.text).toContain("at Studio Dental Virtual consult (video).");
    expect(english.text).toContain("Hours: Mon–Fri 8 AM–5 PM (Tue, Thu 10 AM–7 PM) · Sat 9 AM–2 PM");
  });
});

describe("a visit booked in English (en-US), as before", () => {
  for (const [name, locale] of [["stored en-US", "en-US"], ["no stored language", undefined]] as const) {
    it(`${name}: English subject, text, HTML and calendar file`, () => {
      const mail = confirmationEmail(input(locale));
      expect(mail.subject).toBe("Studio Dental: your Checkup & cleaning on Monday, March 15, 2027 at 9:00 AM EDT");
      expect(mail.text).toContain("Hi Pat,\n\nYour Checkup & cleaning is booked for Monday, March 15, 2027 at 9:00 AM EDT at Studio Dental Fenway.");
      expect(mail.html).toMatch(/^<!DOCTYPE html><html lang="en">/);
      expect(textOf(mail.html)).toContain("You get this email because you booked a visit with us.");
      const ics = unfold(mail.ics);
      expect(ics).toContain("SUMMARY:Checkup & cleaning at Studio Dental Fenway");
      expect(ics).toContain("DESCRIPTION:Please arrive 10 minutes early.");
      const reminder = visitEmail(input(locale), { kind: "reminder", reminder: "7d", intakeOpen: true });
      expect(reminder.subject).toBe("Reminder: your Checkup & cleaning on Monday, March 15, 2027 at 9:00 AM EDT");
      expect(textOf(reminder.html)).toContain("See you in a week");
    });
  }
});
