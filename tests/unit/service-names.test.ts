import { describe, expect, it } from "vitest";
import { SERVICE_ROWS, STUDIO_ROWS } from "~/db/catalogue";
import { tFor } from "~/i18n/catalogues.server";
import { serviceName, studioName } from "~/scheduling/service-names";
import { joinedEmail, offerEmail } from "~/waitlist/email";

/** One name per service on every page and email (app/scheduling/service-names.ts): the database's in English, the catalogue's otherwise. */
describe("service names", () => {
  const en = tFor("en-US");
  const es = tFor("es-US");
  it("every service of the catalogue has its own Spanish name", () => {
    const spanish = SERVICE_ROWS.map((s) => serviceName(es, "es-US", s));
    for (const [i, s] of SERVICE_ROWS.entries()) expect(spanish[i], s.code).not.toBe(s.name);
    expect(new Set(spanish).size).toBe(SERVICE_ROWS.length);
  });
  it("English reads the database's name, which the English catalogue repeats for the booking pages' own labels", () => {
    for (const s of SERVICE_ROWS) {
      expect(serviceName(en, "en-US", { code: s.code, name: "Renamed" })).toBe("Renamed");
      expect(en(`booking.service.${s.code}`)).toBe(s.name);
    }
  });
  it("a service the catalogue does not list keeps its own name in every language", () => {
    expect(serviceName(es, "es-US", { code: "NEWSVC", name: "Night guard fitting" })).toBe("Night guard fitting");
  });
});

/** A studio's name (issue 33 C): the video studio's is words ("Virtual consult (video)"), the others are places. */
describe("studio names", () => {
  const es = tFor("es-US");
  it("the video studio is named in Spanish; a neighbourhood keeps its name; English reads the database's", () => {
    const virtual = STUDIO_ROWS.find((s) => s.slug === "virtual")!;
    expect(studioName(es, "es-US", virtual)).toBe("Consulta virtual (por video)");
    expect(tFor("en-US")("booking.studioName.virtual")).toBe(virtual.name);
    expect(studioName(tFor("en-US"), "en-US", { slug: "virtual", name: "Video visits" })).toBe("Video visits");
    for (const s of STUDIO_ROWS.filter((s) => !s.isVirtual)) expect(studioName(es, "es-US", s)).toBe(s.name);
  });
});

/** The waitlist's emails name the studio by the same rule (the video studio's words in Spanish, never English). */
describe("studio names in the waitlist's emails", () => {
  const virtual = STUDIO_ROWS.find((s) => s.slug === "virtual")!;
  const place = { studio: virtual, service: { code: "INVISALN", name: "Invisalign consult" }, locale: "es-US", to: "ana@example.com", leaveUrl: "https://x.example/w/leave" };
  it("joined and offer, in Spanish: 'Consulta virtual (por video)' in the text and the HTML, no English name", () => {
    const joined = joinedEmail({ ...place, firstDay: "2026-12-01", lastDay: "2026-12-05", parts: "mañanas" });
    const offer = offerEmail({ ...place, startsAt: new Date("2026-12-02T15:00:00Z"), tz: "America/New_York", claimUrl: "https://x.example/w/claim" });
    for (const email of [joined, offer]) {
      expect(email.text).toContain("Consulta virtual (por video)");
      expect(email.html).toContain("Consulta virtual (por video)");
      expect(email.text + email.html).not.toContain(virtual.name);
    }
  });
});
