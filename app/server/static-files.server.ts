import { readdirSync } from "node:fs";
import path from "node:path";
import express, { type RequestHandler } from "express";

type Encoding = "br" | "gzip";
const SUFFIX: Record<Encoding, string> = { br: ".br", gzip: ".gz" };

/**
 * The encoding to send a file in, given the request's Accept-Encoding and the copies built for it
 * (scripts/precompress.ts): brotli when accepted, else gzip, else none. `q=0` refuses; `*` accepts any.
 */
export function chooseEncoding(acceptEncoding: string | undefined, available: ReadonlySet<Encoding>): Encoding | undefined {
  const q = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const weight = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    q.set(name, weight === undefined ? 1 : Number(weight));
  }
  const accepted = (name: Encoding) => (q.get(name) ?? (name === "gzip" ? q.get("x-gzip") : undefined) ?? q.get("*") ?? 0) > 0;
  return (["br", "gzip"] as const).find((name) => available.has(name) && accepted(name));
}

/** Every file under dir, as URL paths (`/build/_shared/chunk-X.js`). */
function listFiles(dir: string, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(path.join(dir, entry.name), `${prefix}/${entry.name}`) : [`${prefix}/${entry.name}`],
  );
}

/**
 * public/: Remix's fingerprinted /build cached for a year; the other files (favicon, pictures…) for an hour,
 * and only under their own names. Every file is listed once at start, so a request never stats the disk to
 * find out; a file with brotli or gzip copies (built by `npm run build`) is sent as the copy the browser
 * accepts, with `Content-Encoding` and `Vary: Accept-Encoding`, and never compressed per request.
 */
export function staticFiles(root = "public") {
  const all = listFiles(root);
  const listed = new Set(all);
  const variants = new Map<string, Set<Encoding>>();
  for (const file of all) {
    for (const encoding of ["br", "gzip"] as const) {
      if (!file.endsWith(SUFFIX[encoding])) continue;
      const original = file.slice(0, -SUFFIX[encoding].length);
      if (listed.has(original)) variants.set(original, (variants.get(original) ?? new Set()).add(encoding));
    }
  }
  const precompressed: RequestHandler = (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const file = `${req.baseUrl}${req.path}`;
    const available = variants.get(file);
    if (!available) return next();
    res.vary("Accept-Encoding");
    const encoding = chooseEncoding(req.get("accept-encoding"), available);
    if (!encoding) return next();
    // The original's type: `send` keeps a Content-Type already set; the copy's own ETag tells the encodings apart.
    res.type(path.extname(file));
    res.set("Content-Encoding", encoding);
    req.url = `${req.path}${SUFFIX[encoding]}`;
    next();
  };

  const router = express.Router();
  const build = express.static(`${root}/build`, { immutable: true, maxAge: "1y" });
  router.use("/build", (req, res, next) => {
    res.locals.route = "/build/*"; // one name in the logs and metrics, whatever the file
    next();
  }, precompressed, build);
  const names = new Set(readdirSync(root).filter((name) => name !== "build" && !name.startsWith(".") && !/\.(br|gz)$/.test(name)));
  const files = express.static(root, { maxAge: "1h" });
  router.use((req, res, next) => {
    if (!names.has(req.path.split("/", 2)[1])) return next();
    res.locals.route = "/public/*";
    precompressed(req, res, (error?: unknown) => (error ? next(error) : files(req, res, next)));
  });
  return router;
}
