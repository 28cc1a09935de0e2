import { afterEach, describe, expect, it, vi } from "vitest";
import { createBookingCookie } from "~/booking/cookie.server";
import { bookingStateSchema, STEP_IDS, type BookingState } from "~/booking/state";

const secure = createBookingCookie({ secrets: ["s3cret-one"], secure: true });

const state: BookingState = {
  market: "boston",
  category: "cleaning",
  serviceType: "CLNCHK",
  studio: "fenway",
  slot: { startsAt: "2027-03-15T09:00:00-04:00", endsAt: "2027-03-15T10:00:00-04:00" },
  email: "ana.lee@example.com",
  contact: { firstName: "Anastasia", lastName: "Leeworth", phone: "2025550123", dateOfBirth: "1990-04-01", preferences: { flavor: "mint" } },
  completed: ["markets", "services", "studios", "times", "email", "contact-info"],
};

/** A request carrying the cookie from a Set-Cookie header value. */
function requestWith(setCookie: string): Request {
  return new Request("https://example.test/booking/times", { headers: { Cookie: setCookie.split(";")[0] } });
}

afterEach(() => vi.useRealTimers());

describe("booking cookie", () => {
  it("round-trips the state", async () => {
    const header = await secure.serialize(state);
    expect(await secure.read(requestWith(header))).toEqual(state);
  });

  it("has the attributes: HttpOnly, SameSite=Lax, Path=/, Secure, Max-Age", async () => {
    const header = await secure.serialize(state);
    expect(header).toMatch(/^booking=/);
    expect(header).toContain("HttpOnly");
    expect(header).toContain("SameSite=Lax");
    expect(header).toContain("Path=/");
    expect(header).toContain("Secure");
    expect(header).toContain("Max-Age=14400");
    const insecure = await createBookingCookie({ secrets: ["x"], secure: false, maxAgeSeconds: 60 }).serialize(state);
    expect(insecure).not.toContain("Secure");
    expect(insecure).toContain("Max-Age=60");
  });

  it("is not readable as plain text", async () => {
    const header = await secure.serialize(state);
    const value = header.split(";")[0];
    for (const secretish of ["ana.lee", "example.com", "Anastasia", "Leeworth", "2025550123", "1990-04-01", "fenway"]) {
      expect(value).not.toContain(secretish);
      expect(decodeURIComponent(value)).not.toContain(secretish);
      // nor inside any base64url segment of the JWE
      for (const part of value.slice("booking=".length).split(".")) {
        expect(Buffer.from(part, "base64url").toString("latin1")).not.toContain(secretish);
      }
    }
  });

  it("no cookie, garbage or a tampered cookie → a fresh booking", async () => {
    expect(await secure.read(new Request("https://example.test/"))).toEqual({ completed: [] });
    expect(await secure.read(new Request("https://example.test/", { headers: { Cookie: "booking=nonsense" } }))).toEqual({ completed: [] });
    const token = (await secure.serialize(state)).split(";")[0].slice("booking=".length);
    const parts = token.split(".");
    const ct = parts[3];
    const flipped = (ct[0] === "A" ? "B" : "A") + ct.slice(1);
    const tampered = [...parts.slice(0, 3), flipped, parts[4]].join(".");
    expect(await secure.read(new Request("https://example.test/", { headers: { Cookie: `booking=${tampered}` } }))).toEqual({ completed: [] });
  });

  it("expired → a fresh booking", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2027-03-15T09:00:00Z"));
    const header = await secure.serialize(state);
    vi.setSystemTime(new Date("2027-03-15T12:59:00Z"));
    expect(await secure.read(requestWith(header))).toEqual(state);
    vi.setSystemTime(new Date("2027-03-15T13:01:00Z"));
    expect(await secure.read(requestWith(header))).toEqual({ completed: [] });
  });

  it("rotation: a cookie made with the old secret still reads; an unknown secret does not", async () => {
    const old = createBookingCookie({ secrets: ["old-secret"], secure: true });
    const rotated = createBookingCookie({ secrets: ["new-secret", "old-secret"], secure: true });
    const header = await old.serialize(state);
    expect(await rotated.read(requestWith(header))).toEqual(state);
    // the new cookie is written with the new secret, which the old-only config cannot read
    expect(await old.read(requestWith(await rotated.serialize(state)))).toEqual({ completed: [] });
    expect(await createBookingCookie({ secrets: ["other"], secure: true }).read(requestWith(header))).toEqual({ completed: [] });
  });

  it("a decryptable cookie whose content fails the schema → a fresh booking", async () => {
    const { EncryptJWT } = await import("jose");
    const { createHash } = await import("node:crypto");
    const key = new Uint8Array(createHash("sha256").update("s3cret-one").digest());
    const jwe = await new EncryptJWT({ st: { market: "paris", completed: [] } })
      .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
      .setExpirationTime("1h")
      .encrypt(key);
    expect(await secure.read(new Request("https://example.test/", { headers: { Cookie: `booking=${jwe}` } }))).toEqual({ completed: [] });
  });

  it("serialize refuses an invalid state", async () => {
    await expect(secure.serialize({ market: "paris" } as never)).rejects.toThrow();
  });

  it("clear() expires the cookie", () => {
    const header = secure.clear();
    expect(header).toMatch(/^booking=;/);
    expect(header).toContain("Max-Age=0");
    expect(header).toContain("HttpOnly");
  });

  it("the worst case (every field at its maximum) stays under 4096 bytes for the whole Set-Cookie header", async () => {
    const worst: BookingState = {
      market: "washington-dc",
      orthoMarket: "new-york-city",
      category: "procedures",
      serviceType: "BRACESCON",
      emergencyType: "lost-filling-or-crown",
      freeform: "€".repeat(333), // 999 bytes: the byte cap binds before the 1000-character cap
      cosmeticChoice: "whitening",
      procedure: "implant",
      quiz: { concern: "not-sure", priority: "lowest-cost", ageGroup: "adult" },
      quizResult: "smile-straightening",
      studio: "s".repeat(40),
      slot: { startsAt: "2027-03-15T09:00:00.000000-04:00", endsAt: "2027-03-15T10:00:00.000000-04:00", heldUntil: 8_589_934_592 },
      bookingId: "B".repeat(32),
      email: `${"a".repeat(64)}@${"b".repeat(63)}.${"b".repeat(63)}.${"c".repeat(61)}`,
      contact: {
        firstName: "€".repeat(33), // 99 bytes: the byte cap binds
        lastName: '"'.repeat(50), // 100 bytes escaped
        phone: "2025550123",
        dateOfBirth: "1990-04-01",
        preferences: { flavor: "f".repeat(40), show: "s".repeat(40) },
      },
      insurance: { kind: "carrier", carrier: "C".repeat(40), memberId: "M".repeat(30) },
      payment: { brand: "mastercard", last4: "4444", expMonth: 12, expYear: 2100, token: "t".repeat(48) },
      referralCode: "r".repeat(40),
      // A family member and a second one booked at the same time (issue 20 A, decision 024).
      patientFor: 2_147_483_647,
      companion: { patientFor: 2_147_483_646, startsAt: "2027-03-15T10:00:00.000000-04:00" },
      completed: [...STEP_IDS],
    };
    expect(bookingStateSchema.safeParse(worst).success).toBe(true);
    // the alternatives that also sit at the freeform cap
    for (const freeform of ['"'.repeat(500), "a".repeat(1000), "😀".repeat(250), "\r\n".repeat(250)]) {
      expect(bookingStateSchema.safeParse({ ...worst, freeform }).success).toBe(true);
      const header = await secure.serialize({ ...worst, freeform });
      expect(Buffer.byteLength(header)).toBeLessThan(4096);
    }
    const header = await secure.serialize(worst);
    // measured: 3947 bytes, 4039 with the hold (decision 021); with a family member and a second one 4192, over —
    // a family booking drops the typed email: 3838; a guest's (below) 4047: 49 bytes to spare
    expect(Buffer.byteLength(header)).toBeLessThan(4096);
    const { email: _typedEmail, ...asWritten } = worst;
    expect(await secure.read(requestWith(header))).toEqual(asWritten);
    // a guest's booking (no family member chosen) keeps its email, also under 4 KB
    const { patientFor: _me, companion: _other, ...guest } = worst;
    const guestHeader = await secure.serialize(guest);
    expect(Buffer.byteLength(guestHeader)).toBeLessThan(4096);
    expect(await secure.read(requestWith(guestHeader))).toEqual(guest);
    // one more byte of description is refused by the schema rather than breaking the cookie
    expect(bookingStateSchema.safeParse({ ...worst, freeform: "€".repeat(334) }).success).toBe(false);
    expect(bookingStateSchema.safeParse({ ...worst, freeform: "a".repeat(1001) }).success).toBe(false);
    expect(bookingStateSchema.safeParse({ ...worst, contact: { ...worst.contact, firstName: "€".repeat(34) } }).success).toBe(false);
  });
});
