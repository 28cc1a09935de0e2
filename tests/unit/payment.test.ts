import { describe, expect, it, vi } from "vitest";
import { cvcLength, detectBrand, isExpired, luhnValid, normalizeCardNumber } from "~/payments/card";
import { createLocalPaymentProvider } from "~/payments/local.server";

/** A card expiry year that is always a few years ahead (a fixed year would expire and fail the tests). */
const CARD_YEAR = new Date().getFullYear() + 4;

describe("card helpers", () => {
  it("Luhn accepts valid test numbers and rejects a changed digit", () => {
    expect(luhnValid("4242424242424242")).toBe(true);
    expect(luhnValid("378282246310005")).toBe(true);
    expect(luhnValid("4000000000000002")).toBe(true);
    expect(luhnValid("4242424242424241")).toBe(false);
    expect(luhnValid("42424242")).toBe(false);
    expect(luhnValid("4242x42424242424")).toBe(false);
  });

  it.each([
    ["4242424242424242", "visa"],
    ["5555555555554444", "mastercard"],
    ["2223003122003222", "mastercard"],
    ["378282246310005", "amex"],
    ["6011111111111117", "discover"],
    ["6221260000000000", "discover"],
    ["3530111333300000", null], // JCB: not accepted
    ["424242424242", null], // visa prefix, wrong length
  ] as const)("%s is %s", (n, brand) => expect(detectBrand(n)).toBe(brand));

  it("normalizes spaces and dashes; CVC length by brand", () => {
    expect(normalizeCardNumber("4242 4242-4242 4242")).toBe("4242424242424242");
    expect(cvcLength("amex")).toBe(4);
    expect(cvcLength("visa")).toBe(3);
  });

  it("a card is valid through the end of its expiry month", () => {
    const now = new Date("2027-03-31T12:00:00Z");
    expect(isExpired(3, 2027, now)).toBe(false);
    expect(isExpired(2, 2027, now)).toBe(true);
    expect(isExpired(1, 28, now)).toBe(false);
  });
});

describe("local payment provider", () => {
  const provider = createLocalPaymentProvider({ now: () => new Date("2027-03-15T12:00:00Z") });
  const good = { number: "4242 4242 4242 4242", expMonth: 12, expYear: CARD_YEAR, cvc: "123", name: "Ana Lee" };

  it("tokenizes a valid card, keeping only brand, last4 and expiry", async () => {
    const r = await provider.tokenize(good);
    expect(r).toMatchObject({ ok: true, card: { brand: "visa", last4: "4242", expMonth: 12, expYear: CARD_YEAR } });
    if (!r.ok) throw new Error("expected ok");
    expect(r.card.token).toMatch(/^tok_[0-9a-f-]{36}$/);
    expect(JSON.stringify(r)).not.toContain("4242424242424242");
    expect(JSON.stringify(r)).not.toContain("123\"");
    const again = await provider.tokenize(good);
    expect(again.ok && again.card.token).not.toBe(r.card.token);
  });

  it("rejects a bad number, an expired card and a wrong-length CVC with the field named", async () => {
    expect(await provider.tokenize({ ...good, number: "4242424242424241" })).toMatchObject({ ok: false, code: "invalid", field: "number" });
    expect(await provider.tokenize({ ...good, number: "3530111333300000" })).toMatchObject({ ok: false, field: "number" });
    expect(await provider.tokenize({ ...good, expMonth: 2, expYear: 2027 })).toMatchObject({ ok: false, code: "invalid", field: "expiry" });
    expect(await provider.tokenize({ ...good, expMonth: 13 })).toMatchObject({ ok: false, field: "expiry" });
    expect(await provider.tokenize({ ...good, cvc: "12" })).toMatchObject({ ok: false, code: "invalid", field: "cvc" });
    expect(await provider.tokenize({ ...good, number: "378282246310005", cvc: "123" })).toMatchObject({ ok: false, field: "cvc" });
    expect(await provider.tokenize({ ...good, number: "378282246310005", cvc: "1234" })).toMatchObject({ ok: true, card: { brand: "amex", last4: "0005" } });
  });

  it("accepts a two-digit year and a card expiring this month", async () => {
    expect(await provider.tokenize({ ...good, expMonth: 3, expYear: 27 })).toMatchObject({ ok: true, card: { expYear: 2027 } });
  });

  it("declines 4000 0000 0000 0002 with insufficent_funds (spec spelling)", async () => {
    expect(await provider.tokenize({ ...good, number: "4000 0000 0000 0002" })).toMatchObject({ ok: false, code: "insufficent_funds" });
  });

  it("never logs the card", async () => {
    const spies = (["log", "info", "warn", "error", "debug"] as const).map((m) => vi.spyOn(console, m));
    await provider.tokenize(good);
    await provider.tokenize({ ...good, number: "4000000000000002" });
    await provider.tokenize({ ...good, cvc: "1" });
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it("error messages never echo the number or CVC", async () => {
    const r = await provider.tokenize({ ...good, number: "4242424242424241", cvc: "987" });
    expect(JSON.stringify(r)).not.toMatch(/4242424242424241|987/);
  });
});
