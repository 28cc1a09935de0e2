/**
 * The part of a client's address a per-address limit counts (decision 055): an IPv4 address as it is (an IPv4-mapped
 * IPv6 one, `::ffff:203.0.113.7`, as its IPv4), an IPv6 address by its /64 — the block one subscriber's device or
 * home is given, inside which a script could otherwise take a fresh address for every request.
 */
export function addressBlock(ip: string): string {
  const address = ip.trim().toLowerCase().replace(/%.*$/, ""); // a zone id ("fe80::1%eth0") is no part of it
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped) return mapped[1];
  if (!address.includes(":")) return address;
  const [head, tail = ""] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = address.includes("::") && tail ? tail.split(":") : [];
  // An embedded IPv4 at the end counts as two groups.
  const groups = right.length > 0 && right[right.length - 1].includes(".") ? right.length + 1 : right.length;
  const missing = address.includes("::") ? 8 - left.length - groups : 0;
  const full = [...left, ...Array(Math.max(0, missing)).fill("0"), ...right];
  if (full.length < 4 || full.slice(0, 4).some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return address; // not an address we read: counted as given
  return `${full.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}
