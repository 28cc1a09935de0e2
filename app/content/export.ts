/**
 * The embedded content: one file per space in the format of Contentful's own export tool (`contentful-export`:
 * contentTypes, entries, assets, locales), so `contentful-import` loads it into a real space unchanged.
 * Here it is turned into what the Delivery API answers for one locale — plain fields, links resolved — so one
 * code path (pages.server.ts) reads both sources.
 */
export type Link = { sys: { type: "Link"; linkType: "Entry" | "Asset"; id: string } };
type Localized = Record<string, Record<string, unknown>>;
export type ExportEntry = { sys: { id: string; contentType?: { sys: { id: string } } }; fields: Localized };
export type SpaceExport = {
  contentTypes: { sys: { id: string }; fields?: { id: string; localized?: boolean }[] }[];
  entries: ExportEntry[];
  assets: ExportEntry[];
  locales: { code: string; default?: boolean; fallbackCode?: string | null }[];
};

/** An entry or asset as the Delivery API gives it for one locale, links resolved (up to `include` levels). */
export type DeliveredEntry = { sys: { id: string; type: "Entry" | "Asset"; contentType?: { sys: { id: string } } }; fields: Record<string, unknown> };

const isLink = (value: unknown): value is Link =>
  typeof value === "object" && value !== null && (value as Link).sys?.type === "Link" && typeof (value as Link).sys.id === "string";

const defaultLocale = (space: SpaceExport) => space.locales.find((l) => l.default)?.code ?? space.locales[0]?.code ?? "en-US";

/**
 * The locales a field's value is looked for in, Contentful's way: the locale, then its `fallbackCode`, and so
 * on (es-US → en-US); a locale the space does not have gets the default's values (the app asks only for
 * locales it speaks). A field not `localized` has only the default locale's value.
 */
export function fallbackChain(space: SpaceExport, locale: string): string[] {
  const chain: string[] = [];
  let code: string | null | undefined = space.locales.some((l) => l.code === locale) ? locale : defaultLocale(space);
  while (code && !chain.includes(code)) {
    chain.push(code);
    code = space.locales.find((l) => l.code === code)?.fallbackCode;
  }
  return chain;
}

/** The space's entries of one content type in a locale (with fallbacks), links resolved two levels deep (rich text too). */
export function deliveredEntries(space: SpaceExport, contentType: string, locale = defaultLocale(space)): DeliveredEntry[] {
  const chain = fallbackChain(space, locale);
  const fixed = new Set(space.contentTypes.flatMap((t) => (t.fields ?? []).filter((f) => f.localized === false).map((f) => `${t.sys.id}.${f.id}`)));
  const valueOf = (item: ExportEntry, name: string) => {
    const values = item.fields[name];
    if (fixed.has(`${item.sys.contentType?.sys.id}.${name}`)) return values[defaultLocale(space)];
    return chain.map((code) => values[code]).find((v) => v !== undefined);
  };
  const plain = (item: ExportEntry, type: "Entry" | "Asset"): DeliveredEntry => ({
    sys: { id: item.sys.id, type, contentType: item.sys.contentType },
    fields: Object.fromEntries(Object.keys(item.fields).map((name) => [name, valueOf(item, name)]).filter(([, v]) => v !== undefined)),
  });
  const index = new Map<string, DeliveredEntry>();
  for (const e of space.entries) index.set(`Entry:${e.sys.id}`, plain(e, "Entry"));
  for (const a of space.assets) index.set(`Asset:${a.sys.id}`, plain(a, "Asset"));
  const resolve = (value: unknown, depth: number): unknown => {
    if (isLink(value)) {
      const target = index.get(`${value.sys.linkType}:${value.sys.id}`);
      if (!target || depth === 0) return target ?? null;
      return { ...target, fields: resolveFields(target.fields, depth - 1) };
    }
    if (Array.isArray(value)) return value.map((v) => resolve(v, depth)).filter((v) => v !== null);
    // Rich text keeps its links in `data.target` deep inside the document.
    if (typeof value === "object" && value !== null) return resolveFields(value as Record<string, unknown>, depth);
    return value;
  };
  const resolveFields = (fields: Record<string, unknown>, depth: number) =>
    Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, resolve(v, depth)]));
  return space.entries
    .filter((e) => e.sys.contentType?.sys.id === contentType)
    .map((e) => {
      const entry = index.get(`Entry:${e.sys.id}`)!;
      return { ...entry, fields: resolveFields(entry.fields, 2) };
    });
}
