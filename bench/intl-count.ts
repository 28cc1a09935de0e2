// Preloaded into a server by bench/memory.ts --count-intl (node --import ./bench/intl-count.ts): counts every
// construction of an Intl formatter (and every toLocale*String call, which builds one inside V8) and writes the
// counts as JSON to INTL_COUNT_FILE every second, so the bench can print constructions per request.
import { writeFileSync } from "node:fs";

const counts: Record<string, number> = {};
/** With INTL_COUNT_CALLERS set, also by the first caller outside node_modules (where to look). */
const callers = Boolean(process.env.INTL_COUNT_CALLERS);
const count = (name: string) => {
  counts[name] = (counts[name] ?? 0) + 1;
  if (!callers) return;
  const frame = new Error().stack?.split("\n").slice(3).find((line) => !line.includes("intl-count") && !line.includes("node_modules") && !line.includes("node:"));
  const at = `${name} at ${frame?.trim().replace(/^at /, "").replace(process.cwd(), ".") ?? "?"}`;
  counts[at] = (counts[at] ?? 0) + 1;
};

for (const name of ["DateTimeFormat", "NumberFormat", "PluralRules", "ListFormat", "RelativeTimeFormat", "Collator", "DisplayNames", "Segmenter"] as const) {
  const Original = Intl[name] as unknown as new (...args: unknown[]) => object;
  if (!Original) continue;
  const Counted: typeof Original = new Proxy(Original, {
    construct(target, args, newTarget): object {
      count(`Intl.${name}`);
      return Reflect.construct(target, args, newTarget === Counted ? target : newTarget);
    },
    apply(target, self, args): unknown {
      count(`Intl.${name}`);
      return Reflect.apply(target, self, args);
    },
  });
  (Intl as unknown as Record<string, unknown>)[name] = Counted;
}
// A call with a locale (for localeCompare: a locale after the other string) builds a formatter or collator inside V8.
for (const [proto, method, plainArgs] of [
  [Date.prototype, "toLocaleString", 0],
  [Date.prototype, "toLocaleDateString", 0],
  [Date.prototype, "toLocaleTimeString", 0],
  [Number.prototype, "toLocaleString", 0],
  [String.prototype, "localeCompare", 1],
] as const) {
  const original = (proto as unknown as Record<string, (...args: unknown[]) => unknown>)[method];
  const label = `${proto === Date.prototype ? "Date" : proto === Number.prototype ? "Number" : "String"}#${method}`;
  Object.defineProperty(proto, method, {
    configurable: true,
    writable: true,
    value: function (this: unknown, ...args: unknown[]) {
      if (args.length > plainArgs) count(label);
      return original.apply(this, args);
    },
  });
}

const file = process.env.INTL_COUNT_FILE;
if (file) setInterval(() => writeFileSync(file, JSON.stringify(counts)), 1000).unref();
