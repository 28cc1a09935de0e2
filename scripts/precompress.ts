// Run after `remix build` (npm run build): every compressible file under public/ gets a brotli (.br, quality 11)
// and a gzip (.gz, level 9) copy beside it, when smaller, so the server sends assets compressed at no CPU cost
// per request (app/server/static-files.server.ts picks the copy by Accept-Encoding).
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|html|map)$/;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

let count = 0;
let raw = 0;
let br = 0;
for (const file of files(path.resolve(process.argv[2] ?? "public"))) {
  const body = readFileSync(file);
  const variants = {
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gz: gzipSync(body, { level: 9 }),
  };
  for (const [ext, bytes] of Object.entries(variants)) {
    const target = `${file}.${ext}`;
    // Unchanged copies are kept (a build rewrites only what changed: their mtime and ETag stay).
    if (bytes.length < body.length && !(statSync(target, { throwIfNoEntry: false })?.size === bytes.length && readFileSync(target).equals(bytes))) writeFileSync(target, bytes);
  }
  count++;
  raw += body.length;
  br += Math.min(body.length, variants.br.length);
}
console.info(`[precompress] ${count} files: ${(raw / 1024).toFixed(0)} KB → ${(br / 1024).toFixed(0)} KB brotli`);
