import { describe, expect, it } from "vitest";
import { joinDateParts } from "~/platform/form-data.server";

const form = (parts: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(parts)) f.set(k, v);
  return f;
};

describe("a date posted as month, day and year (GOV.UK's date pattern)", () => {
  it("is joined into yyyy-mm-dd", () => {
    const f = form({ dateOfBirthMonth: "5", dateOfBirthDay: " 1 ", dateOfBirthYear: "1990" });
    joinDateParts(f, "dateOfBirth");
    expect(f.get("dateOfBirth")).toBe("1990-05-01");
  });
  it("keeps what was typed when a part is missing or not a number, so the schema rejects it", () => {
    const f = form({ dateOfBirthMonth: "May", dateOfBirthDay: "1", dateOfBirthYear: "1990" });
    joinDateParts(f, "dateOfBirth");
    expect(f.get("dateOfBirth")).not.toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const g = form({ dateOfBirthMonth: "5", dateOfBirthDay: "", dateOfBirthYear: "90" });
    joinDateParts(g, "dateOfBirth");
    expect(g.get("dateOfBirth")).not.toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
  it("leaves a whole date posted by an older form alone", () => {
    const f = form({ dateOfBirth: "1990-05-01" });
    joinDateParts(f, "dateOfBirth");
    expect(f.get("dateOfBirth")).toBe("1990-05-01");
  });
});
