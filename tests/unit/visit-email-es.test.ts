import { describe, expect, it } from "vitest";
import { confirmationEmail, visitEmail } from "~/scheduling/visit-email";
import { visitEmailInput } from "../fixtures/visit-email";

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
