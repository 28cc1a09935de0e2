import { describe, expect, it } from "vitest";
import { recallBookingHref, recallDueLine, recallMonth, recallNoun } from "~/rules/recall";
import { recallEmail } from "~/recall/recall-email";
import { tFor } from "~/i18n/catalogues.server";

const en = tFor("en-US");
const es = tFor("es-US");

describe("recall's words and link", () => {
  it("names the due date's month", () => {
    expect(recallMonth("2027-06-14")).toBe("June 2027");
    expect(recallMonth("2028-01-01")).toBe("January 2028");
    expect(recallMonth("2027-12-31")).toBe("December 2027");
    expect(recallMonth("2027-06-14", "es-US")).toBe("junio de 2027");
  });

  it("calls a checkup and cleaning a checkup, anything else by its name", () => {
    expect(recallNoun({ code: "CLNCHK", name: "Checkup & cleaning" }, en)).toBe("checkup");
    expect(recallNoun({ code: "WHTNG", name: "Teeth whitening" }, en)).toBe("teeth whitening");
  });

  it("says due in the month until the month has passed, then was due", () => {
    const checkup = { code: "CLNCHK", name: "Checkup & cleaning" };
    expect(recallDueLine(checkup, "2027-06-14", "2027-03-01", en)).toBe("Next checkup due in June 2027");
    expect(recallDueLine(checkup, "2027-06-14", "2027-06-30", en)).toBe("Next checkup due in June 2027");
    expect(recallDueLine(checkup, "2027-06-14", "2027-07-01", en)).toBe("Your checkup was due in June 2027");
    expect(recallDueLine(checkup, "2027-12-14", "2028-01-02", en)).toBe("Your checkup was due in December 2027");
    // The profile in Spanish: a Spanish month.
    expect(recallDueLine(checkup, "2027-06-14", "2027-03-01", es, "es-US")).toBe("Su próximo chequeo le toca en junio de 2027");
    expect(recallDueLine(checkup, "2027-06-14", "2027-07-01", es, "es-US")).toBe("Su chequeo le tocaba en junio de 2027");
  });

  it("links the booking at the same studio and service", () => {
    expect(recallBookingHref("CLNCHK", "fenway")).toBe("/booking?service=CLNCHK&studio=fenway");
    expect(recallBookingHref("CLNCHK", "a&b")).toBe("/booking?service=CLNCHK&studio=a%26b");
  });
});

describe("a family member's recall email", () => {
  const base = {
    to: "parent@example.com",
    kind: "due_soon" as const,
    dueOn: "2027-06-15",
    visitOn: "2026-12-15",
    service: { code: "CLNCHK", name: "Checkup and cleaning" },
    studio: { slug: "fenway", name: "Fenway", address: "1 Example St, Boston, MA 02215", tz: "America/New_York", isVirtual: false },
    siteOrigin: "https://dental.example.com",
    bookUrl: "https://dental.example.com/booking?service=CLNCHK&studio=fenway",
    unsubscribeUrl: "https://dental.example.com/recall/unsubscribe/x",
  };
  it("names the child to the parent who receives it, and never greets the parent by the child's name", () => {
    const email = recallEmail({ ...base, firstName: "", forName: "Sam" });
    expect(email.subject).toContain("Sam’s next");
    expect(email.text).toContain("Hi there,");
    expect(email.text).toContain("It’s almost time for Sam’s next checkup and cleaning");
    expect(email.text).not.toContain("Hi Sam");
    // Why the parent gets it: Sam's visit (issue 33 C), with the one-click stop beside it.
    const why = "You get this email because Sam had a visit at Studio Dental Fenway in December 2026, and we let our patients know when their next checkup is due.";
    expect(email.text).toContain(why);
    expect(email.html).toContain(why);
  });
  it("speaks to the patient about their own checkup otherwise", () => {
    const email = recallEmail({ ...base, firstName: "Alex" });
    expect(email.text).toContain("Hi Alex,");
    expect(email.subject).toContain("your next");
  });
});

describe("a recall email in Spanish", () => {
  it("names the service in Spanish, not the studio's English name", () => {
    const email = recallEmail({
      to: "alex@example.com",
      kind: "due_soon",
      dueOn: "2027-06-15",
      visitOn: "2026-12-15",
      service: { code: "CLNCHK", name: "Checkup and cleaning" },
      studio: { slug: "fenway", name: "Fenway", address: "1 Example St, Boston, MA 02215", tz: "America/New_York", isVirtual: false },
      siteOrigin: "https://dental.example.com",
      bookUrl: "https://dental.example.com/booking?service=CLNCHK&studio=fenway",
      unsubscribeUrl: "https://dental.example.com/recall/unsubscribe/x",
      firstName: "Alex",
      locale: "es-US",
    });
    expect(`${email.subject}\n${email.text}\n${email.html}`).not.toMatch(/checkup and cleaning/i);
    expect(email.text).toContain("chequeo y limpieza");
  });
});
