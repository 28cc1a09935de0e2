import { describe, expect, it } from "vitest";
import { addressBlock } from "~/rules/client-address";

/** What a per-address hold limit counts (decision 055): IPv4 as is, IPv6 by its /64 (one subscriber's block). */
describe("addressBlock", () => {
  it("IPv4 as it is, an IPv4-mapped IPv6 address as its IPv4", () => {
    expect(addressBlock("203.0.113.7")).toBe("203.0.113.7");
    expect(addressBlock("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });
  it("every address of one IPv6 /64 is one block, however written; another /64 is another", () => {
    const block = addressBlock("2001:db8:abcd:12::1");
    expect(block).toBe("2001:db8:abcd:12::/64");
    for (const same of ["2001:0db8:abcd:0012:ffff:1:2:3", "2001:DB8:ABCD:12:0:0:0:9", "2001:db8:abcd:12::a:b", "fe80::1%eth0".replace("fe80::1", "2001:db8:abcd:12::5")]) {
      expect(addressBlock(same), same).toBe(block);
    }
    expect(addressBlock("2001:db8:abcd:13::1")).not.toBe(block);
    expect(addressBlock("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressBlock("::1")).toBe("0:0:0:0::/64");
  });
  it("anything else is counted as given (never a throw)", () => {
    for (const odd of ["unknown", "", "not:an:address:zz::1"]) expect(() => addressBlock(odd)).not.toThrow();
    expect(addressBlock("unknown")).toBe("unknown");
  });
});
