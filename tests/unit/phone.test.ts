import { describe, expect, it } from "vitest";
import { formatPhone, isValidPhone, normalizePhone } from "~/rules/phone";

describe("a phone number is valid if it has exactly 10 digits (spec §5)", () => {
  it("strips punctuation and spaces", () => {
    expect(normalizePhone("(123) 456-7890")).toBe("1234567890");
    expect(normalizePhone(" 123.456.7890 ")).toBe("1234567890");
  });
  it("accepts a leading 1 or +1 country code on 11 digits", () => {
    expect(normalizePhone("+1 (212) 555-0100")).toBe("2125550100");
    expect(normalizePhone("12125550100")).toBe("2125550100");
  });
  it("rejects 9 digits, 11 digits not starting with 1, and 12 digits", () => {
    expect(normalizePhone("123456789")).toBeNull();
    expect(normalizePhone("22125550100")).toBeNull();
    expect(normalizePhone("112125550100")).toBeNull();
    expect(normalizePhone("")).toBeNull();
  });
  it("isValidPhone mirrors normalizePhone", () => {
    expect(isValidPhone("212-555-0100")).toBe(true);
    expect(isValidPhone("555-0100")).toBe(false);
  });
});

describe("display format is (123) 456-7890, with an optional +1 prefix", () => {
  it("formats 10 digits", () => {
    expect(formatPhone("1234567890")).toBe("(123) 456-7890");
  });
  it("formats with the country code on request", () => {
    expect(formatPhone("1234567890", { withCountryCode: true })).toBe("+1 (123) 456-7890");
    expect(formatPhone("+1 123 456 7890", { withCountryCode: false })).toBe("(123) 456-7890");
  });
  it("returns an invalid number unchanged", () => {
    expect(formatPhone("12345")).toBe("12345");
  });
});
