import { describe, expect, it } from "vitest";
import { FLAVORS, preferencesOf, SHOWS } from "~/rules/comfort-preferences";

describe("comfort preferences in the patient record's shape (spec: FLAVOR, NETFLIX)", () => {
  it("none chosen, or no contact yet: none", () => {
    expect(preferencesOf(undefined)).toEqual([]);
    expect(preferencesOf({ preferences: {} })).toEqual([]);
    expect(preferencesOf({ preferences: { flavor: "", show: "" } })).toEqual([]);
  });

  it("a flavor is FLAVOR, a show is NETFLIX, in that order", () => {
    expect(preferencesOf({ preferences: { flavor: "mint" } })).toEqual([{ name: "FLAVOR", value: "mint" }]);
    expect(preferencesOf({ preferences: { show: "nature" } })).toEqual([{ name: "NETFLIX", value: "nature" }]);
    expect(preferencesOf({ preferences: { show: "comedy", flavor: "cherry" } })).toEqual([
      { name: "FLAVOR", value: "cherry" },
      { name: "NETFLIX", value: "comedy" },
    ]);
  });

  it("offers four flavors and five shows, each with a label", () => {
    expect(FLAVORS.map((f) => f.value)).toEqual(["mint", "cherry", "bubblegum", "unflavored"]);
    expect(SHOWS.map((s) => s.value)).toEqual(["comedy", "documentary", "drama", "nature", "none"]);
    for (const option of [...FLAVORS, ...SHOWS]) expect(option.label.length).toBeGreaterThan(2);
  });
});
