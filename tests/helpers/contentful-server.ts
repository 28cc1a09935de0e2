/**
 * A local HTTP server speaking the Contentful Delivery API's entries endpoint, serving a space export (the
 * project's own embedded content, possibly edited), for the real `contentful` client, by locale as Contentful
 * answers (`locale=es-US`: each field in es-US, else its fallback's). `mode` makes it fail:
 * `error` answers 500, `hang` never answers. Counts requests and keeps the Authorization headers it saw.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { SpaceExport } from "~/content/export";

export type FakeContentful = { url: string; requests: string[]; tokens: string[]; mode: "ok" | "error" | "hang"; space: SpaceExport; close(): Promise<void> };

export async function startContentfulServer(space: SpaceExport): Promise<FakeContentful> {
  const state = { requests: [] as string[], tokens: [] as string[], mode: "ok" as FakeContentful["mode"], space };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    state.requests.push(url.pathname + url.search);
    state.tokens.push(String(req.headers.authorization ?? ""));
    if (state.mode === "hang") return; // never answers
    if (state.mode === "error") {
      res.writeHead(500, { "Content-Type": "application/json" }).end(JSON.stringify({ sys: { type: "Error", id: "ServerError" }, message: "boom" }));
      return;
    }
    const match = /^\/spaces\/([^/]+)\/environments\/([^/]+)\/entries$/.exec(url.pathname);
    if (!match) {
      res.writeHead(404, { "Content-Type": "application/json" }).end(JSON.stringify({ sys: { type: "Error", id: "NotFound" }, message: "The resource could not be found." }));
      return;
    }
    // Locales as the Delivery API has them: `locale` absent is the default one; `*` every locale's values as
    // they are stored; a locale the space lacks is a 400; otherwise each field in that locale, else in its
    // fallback locale (fallbackCode, and on), else left out; a field not localized has the default's value.
    const { locales, contentTypes } = state.space;
    const defaultCode = locales.find((l) => l.default)?.code ?? "en-US";
    const asked = url.searchParams.get("locale") ?? defaultCode;
    if (asked !== "*" && !locales.some((l) => l.code === asked)) {
      res.writeHead(400, { "Content-Type": "application/json" }).end(JSON.stringify({ sys: { type: "Error", id: "BadRequest" }, message: `Unknown locale: ${asked}` }));
      return;
    }
    const inLocale = (values: Record<string, unknown>, localized: boolean) => {
      if (!localized) return values[defaultCode];
      for (let code: string | null | undefined = asked, hops = 0; code && hops < 10; code = locales.find((l) => l.code === code)?.fallbackCode, hops++) {
        if (values[code] !== undefined) return values[code];
      }
      return undefined;
    };
    const localized = (e: SpaceExport["entries"][number], field: string) =>
      contentTypes.find((t) => t.sys.id === e.sys.contentType?.sys.id)?.fields?.find((f) => f.id === field)?.localized ?? true;
    const plain = (e: SpaceExport["entries"][number], type: "Entry" | "Asset") => ({
      sys: { id: e.sys.id, type, contentType: e.sys.contentType, ...(asked === "*" ? {} : { locale: asked }) },
      fields: Object.fromEntries(
        Object.entries(e.fields)
          .map(([k, v]) => [k, asked === "*" ? v : inLocale(v, type === "Asset" || localized(e, k))])
          .filter(([, v]) => v !== undefined),
      ),
    });
    let items = state.space.entries.filter((e) => e.sys.contentType?.sys.id === url.searchParams.get("content_type"));
    for (const [key, value] of url.searchParams) {
      if (key.startsWith("fields.")) items = items.filter((e) => e.fields[key.slice(7)] && inLocale(e.fields[key.slice(7)], localized(e, key.slice(7))) === value);
    }
    const limit = Number(url.searchParams.get("limit") ?? 100);
    const body = {
      sys: { type: "Array" },
      total: items.length,
      skip: 0,
      limit,
      items: items.slice(0, limit).map((e) => plain(e, "Entry")),
      includes: { Entry: state.space.entries.map((e) => plain(e, "Entry")), Asset: state.space.assets.map((a) => plain(a, "Asset")) },
    };
    res.writeHead(200, { "Content-Type": "application/vnd.contentful.delivery.v1+json" }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  }) as FakeContentful;
}
