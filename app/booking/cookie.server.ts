/**
 * The booking state in one cookie, encrypted (JWE compact, dir + A256GCM) so the patient's email,
 * name and phone are not readable in the browser or in logs, and tamper-evident (GCM tag).
 * Secrets rotate: the first encrypts, every one is tried to decrypt.
 */
import { createHash } from "node:crypto";
import { parse, serialize as serializeCookie } from "cookie";
import { EncryptJWT, jwtDecrypt } from "jose";
import { bookingStateSchema, emptyBookingState, type BookingState } from "./state";

export const BOOKING_COOKIE_NAME = "booking";

export type BookingCookie = {
  read(request: Request): Promise<BookingState>;
  /** The full Set-Cookie header value. */
  serialize(state: BookingState): Promise<string>;
  /** A Set-Cookie header value that deletes the cookie (after a booking is made). */
  clear(): string;
};

/** 256-bit key from a secret of any length. */
function keyFor(secret: string): Uint8Array {
  return new Uint8Array(createHash("sha256").update(secret, "utf8").digest());
}

export function createBookingCookie({
  secrets,
  secure,
  maxAgeSeconds = 4 * 3600,
}: {
  secrets: string[];
  secure: boolean;
  maxAgeSeconds?: number;
}): BookingCookie {
  if (secrets.length === 0 || secrets.some((s) => s.length === 0)) throw new Error("booking cookie: at least one non-empty secret is required");
  const keys = secrets.map(keyFor);
  const attributes = { httpOnly: true, sameSite: "lax", path: "/", secure } as const;

  return {
    async read(request) {
      const token = parse(request.headers.get("Cookie") ?? "")[BOOKING_COOKIE_NAME];
      if (!token) return emptyBookingState();
      for (const key of keys) {
        try {
          const { payload } = await jwtDecrypt(token, key, { keyManagementAlgorithms: ["dir"], contentEncryptionAlgorithms: ["A256GCM"] });
          const parsed = bookingStateSchema.safeParse(payload.st);
          // A cookie from an older schema or a forged one is treated as absent: the patient starts over.
          return parsed.success ? parsed.data : emptyBookingState();
        } catch {
          // Wrong key (try the next one), tampered, expired or garbage: all mean "no booking".
        }
      }
      return emptyBookingState();
    },

    async serialize(state) {
      const parsed = bookingStateSchema.parse(state); // a bug writing bad state should fail loudly, here
      // Booking for a family member is an account's booking, which uses the account's email (bookingEmail): an
      // email typed before signing in is not carried, which keeps the worst case under 4 KB (decision 024).
      const st = parsed.patientFor !== undefined && parsed.email !== undefined ? { ...parsed, email: undefined } : parsed;
      const token = await new EncryptJWT({ st })
        .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
        .setExpirationTime(Math.floor(Date.now() / 1000) + maxAgeSeconds)
        .encrypt(keys[0]);
      return serializeCookie(BOOKING_COOKIE_NAME, token, { ...attributes, maxAge: maxAgeSeconds });
    },

    clear() {
      return serializeCookie(BOOKING_COOKIE_NAME, "", { ...attributes, maxAge: 0, expires: new Date(0) });
    },
  };
}
