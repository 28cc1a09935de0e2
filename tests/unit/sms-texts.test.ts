/**
 * Texts (issue 31): the segment counter (GSM-7 160/153 vs UCS-2 70/67), every text kind in English and Spanish at
 * most 2 segments with long studio names and a long site address, quiet hours on the studio's clock, the reply words.
 */
import { describe, expect, it } from "vitest";
import { intentOf } from "~/sms/keywords";
import { inQuietHours, outsideQuietHours } from "~/sms/quiet-hours";
import { reminderSendAt } from "~/sms/planner.server";
import { segmentsOf } from "~/sms/segments";
import { composeText, LOCALES, type TextKind } from "~/sms/templates";

describe("segment counter", () => {
  it("counts GSM-7 at 160 then 153 a segment, UCS-2 at 70 then 67", () => {
    expect(segmentsOf("a".repeat(160))).toEqual({ encoding: "GSM-7", units: 160, segments: 1 });
    expect(segmentsOf("a".repeat(161)).segments).toBe(2);
    expect(segmentsOf("a".repeat(306)).segments).toBe(2);
    expect(segmentsOf("a".repeat(307)).segments).toBe(3);
    // é, ñ, ü are GSM-7; á, í, ó, ú are not: one of them makes the whole text UCS-2.
    expect(segmentsOf("mañana é ü").encoding).toBe("GSM-7");
    expect(segmentsOf(`${"a".repeat(69)}á`)).toEqual({ encoding: "UCS-2", units: 70, segments: 1 });
    expect(segmentsOf(`${"a".repeat(70)}á`).segments).toBe(2);
    expect(segmentsOf(`${"a".repeat(133)}á`).segments).toBe(2);
    expect(segmentsOf(`${"a".repeat(134)}á`).segments).toBe(3);
    // The extension table takes two septets; Intl's narrow no-break space is not GSM-7.
    expect(segmentsOf("€".repeat(80)).units).toBe(160);
    expect(segmentsOf("10:00\u202fAM").encoding).toBe("UCS-2");
  });
});

const KINDS: TextKind[] = ["booked", "series_booked", "moved", "cancelled", "series_cancelled", "reminder_2d", "reminder_2h", "offer", "confirmed", "move_link", "card_link", "intake_link", "stop", "start", "help"];
const LONG_NAMES = ["Ponce City Market", "Virtual consult (video)", "Midtown Atlanta — Peachtree & 14th Street", "Clínica Dental Océano Pacífico San José Ñ"];
// A long site address and a visit's 32-character token: the longest link a text carries.
const LINK = `https://appointments.studiodental-example.com/booking/confirmed/${"A".repeat(32)}/reschedule`;
// A Wednesday ("miércoles") and a Saturday ("sábado": not GSM-7) in September (the longest month name in both languages).
const DAYS = [new Date("2027-09-15T14:30:00Z"), new Date("2027-09-18T14:30:00Z")];

describe("every text fits 2 segments in both languages", () => {
  for (const locale of LOCALES) {
    for (const kind of KINDS) {
      it(`${kind} in ${locale}`, () => {
        for (const studio of LONG_NAMES) {
          for (const at of DAYS) {
            const text = composeText(kind, locale, { studio, at, tz: "America/Chicago", link: LINK, phone: "(615) 555-0123", count: 24 });
            expect(text, `${kind} ${locale} ${studio}`).not.toBeNull();
            expect(segmentsOf(text!).segments, text!).toBeLessThanOrEqual(2);
            expect(text).toContain("Studio Dental");
            if (!["stop", "start"].includes(kind)) expect(text!.length).toBeGreaterThan(20);
          }
        }
      });
    }
  }

  it("speaks the patient's language with the studio's name, the local time and the link", () => {
    const at = new Date("2027-01-08T15:00:00Z"); // Friday 10:00 AM in New York
    const en = composeText("reminder_2d", "en-US", { studio: "Fenway", at, tz: "America/New_York", link: "https://d.example/booking/confirmed/x" })!;
    expect(en).toContain("Fenway");
    expect(en).toContain("Fri, Jan 8, 10:00 AM");
    expect(en).toContain("https://d.example/booking/confirmed/x");
    const es = composeText("reminder_2d", "es-US", { studio: "Fenway", at, tz: "America/New_York", link: "https://d.example/booking/confirmed/x" })!;
    expect(es).toMatch(/cita en Fenway el vie/);
    expect(es).toContain("10:00 a.");
    // Spelt with its accents when it fits in 2 UCS-2 segments; without them (GSM-7) when it would not.
    const short = composeText("cancelled", "es-US", { studio: "Fenway", at, tz: "America/New_York", link: "https://d.example/booking" })!;
    expect(short).toContain("está cancelada");
    const long = composeText("booked", "es-US", { studio: "Fenway", at, tz: "America/New_York", link: LINK })!;
    expect(segmentsOf(long).encoding).toBe("GSM-7");
    expect(long).toContain("Responda PARAR para no recibir mas");
  });

  it("a staff answer that would not fit is refused (null), not cut", () => {
    expect(composeText("staff", "en-US", { studio: "Fenway", message: "See you soon!" })).toBe("Studio Dental Fenway: See you soon!");
    expect(composeText("staff", "en-US", { studio: "Fenway", message: "x".repeat(400) })).toBeNull();
  });
});

describe("quiet hours: 9 PM to 8 AM on the studio's clock", () => {
  const ny = "America/New_York";
  const chicago = "America/Chicago";
  it("is night in the studio's zone, not the server's", () => {
    // 02:30 UTC on a January night = 9:30 PM in New York, 8:30 PM in Chicago.
    const at = new Date("2027-01-09T02:30:00Z");
    expect(inQuietHours(at, ny)).toBe(true);
    expect(inQuietHours(at, chicago)).toBe(false);
    expect(outsideQuietHours(at, ny).toISOString()).toBe("2027-01-09T13:00:00.000Z"); // 8 AM New York next morning
    expect(outsideQuietHours(new Date("2027-01-08T12:00:00Z"), ny).toISOString()).toBe("2027-01-08T13:00:00.000Z"); // 7 AM → 8 AM
    expect(outsideQuietHours(new Date("2027-01-08T15:00:00Z"), ny).toISOString()).toBe("2027-01-08T15:00:00.000Z");
  });

  it("a 2-hour reminder due in the night moves to 8 AM, or is not sent when the visit is before then", () => {
    // 9:00 AM visit in New York: due 7 AM → 8 AM.
    expect(reminderSendAt("reminder_2h", new Date("2027-01-08T14:00:00Z"), ny)?.toISOString()).toBe("2027-01-08T13:00:00.000Z");
    // 8:00 AM visit: 8 AM is not before it.
    expect(reminderSendAt("reminder_2h", new Date("2027-01-08T13:00:00Z"), ny)).toBeNull();
    // The same instant is 7:00 AM in Chicago: due 5 AM Chicago → 8 AM Chicago, after the visit: none.
    expect(reminderSendAt("reminder_2h", new Date("2027-01-08T14:00:00Z"), chicago)).toBeNull();
    // A 2 PM visit: due at noon, as is.
    expect(reminderSendAt("reminder_2h", new Date("2027-01-08T19:00:00Z"), ny)?.toISOString()).toBe("2027-01-08T17:00:00.000Z");
  });
});

describe("reply words", () => {
  it("knows the confirm, move, opt-out, opt-in and help words in both languages", () => {
    for (const word of ["C", "c", "YES", "Si", "Sí", "sí.", "CONFIRMAR"]) expect(intentOf(word), word).toBe("confirm");
    expect(intentOf(" r ")).toBe("move");
    for (const word of ["STOP", "stop", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "PARAR"]) expect(intentOf(word), word).toBe("stop");
    for (const word of ["START", "UNSTOP"]) expect(intentOf(word)).toBe("start");
    for (const word of ["HELP", "AYUDA", "ayuda"]) expect(intentOf(word)).toBe("help");
    for (const text of ["Can I bring my son?", "stop texting my wife", "C you there", ""]) expect(intentOf(text), text).toBe("studio");
  });
});
