import { describe, expect, it } from "vitest";
import { formatUsd } from "~/rules/currency";

describe("currency is shown in USD with two decimals; .00 is dropped by default (spec §5)", () => {
  it("shows cents with a thousands separator", () => {
    expect(formatUsd(123450)).toBe("$1,234.50");
    expect(formatUsd(5)).toBe("$0.05");
  });
  it("drops .00 by default", () => {
    expect(formatUsd(5000)).toBe("$50");
    expect(formatUsd(0)).toBe("$0");
    expect(formatUsd(100000000)).toBe("$1,000,000");
  });
  it("keeps .00 with keepZeroCents", () => {
    expect(formatUsd(5000, { keepZeroCents: true })).toBe("$50.00");
  });
  it("formats negative amounts (refunds)", () => {
    expect(formatUsd(-2550)).toBe("-$25.50");
  });
});
