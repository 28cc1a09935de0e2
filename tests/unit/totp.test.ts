/**
 * TOTP against RFC 6238's own table (Appendix B: SHA-1, the ASCII secret "12345678901234567890", 8 digits), not
 * against codes our implementation made: an authenticator app computes these. Our codes are 6 digits, the same
 * dynamic truncation modulo 10^6: the last 6 digits of the RFC's 8-digit values.
 */
import { describe, expect, it } from "vitest";
import { base32Encode, matchTotp, totpCode, TOTP_STEP_SECONDS } from "~/console/totp";

const SECRET = base32Encode(Buffer.from("12345678901234567890", "ascii"));
const RFC_6238_SHA1: [unixSeconds: number, eightDigits: string][] = [
  [59, "94287082"],
  [1111111109, "07081804"],
  [1111111111, "14050471"],
  [1234567890, "89005924"],
  [2000000000, "69279037"],
  [20000000000, "65353130"],
];
const at = (unixSeconds: number) => new Date(unixSeconds * 1000);

describe("TOTP (RFC 6238, SHA-1)", () => {
  it("the secret is the RFC's, written in base32 as an otpauth:// link carries it", () => {
    expect(SECRET).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
  });

  it.each(RFC_6238_SHA1)("at %i s the code is the last 6 digits of the RFC's %s", (seconds, eight) => {
    expect(totpCode(SECRET, at(seconds))).toBe(eight.slice(-6));
    expect(matchTotp(SECRET, eight.slice(-6), at(seconds), null)).not.toBeNull();
  });

  it("a code is accepted one step early or late (clock drift) and refused two steps away", () => {
    const [seconds, eight] = RFC_6238_SHA1[1]; // 1111111109: step 37037036
    const code = eight.slice(-6);
    const step = Math.floor(seconds / TOTP_STEP_SECONDS);
    // The first and last second of each neighbouring step, read by a server whose clock runs ahead or behind.
    const startOf = (s: number) => at(s * TOTP_STEP_SECONDS);
    const endOf = (s: number) => at(s * TOTP_STEP_SECONDS + TOTP_STEP_SECONDS - 1);
    expect(matchTotp(SECRET, code, endOf(step + 1), null)).toBe(step); // one step later: inside
    expect(matchTotp(SECRET, code, startOf(step - 1), null)).toBe(step); // one step earlier: inside
    expect(matchTotp(SECRET, code, startOf(step + 2), null)).toBeNull(); // just outside, late
    expect(matchTotp(SECRET, code, endOf(step - 2), null)).toBeNull(); // just outside, early
  });

  it("a code whose step was already used is refused", () => {
    const [seconds, eight] = RFC_6238_SHA1[3];
    const step = Math.floor(seconds / TOTP_STEP_SECONDS);
    expect(matchTotp(SECRET, eight.slice(-6), at(seconds), step)).toBeNull();
    expect(matchTotp(SECRET, eight.slice(-6), at(seconds), step - 1)).toBe(step);
  });
});
