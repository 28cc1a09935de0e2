// Static files: the pre-compressed copy the browser accepts (brotli, else gzip, else the file), with
// Content-Encoding, the original's Content-Type and Vary: Accept-Encoding; never a copy it refused.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chooseEncoding, staticFiles } from "~/server/static-files.server";

describe("chooseEncoding", () => {
  const both = new Set(["br", "gzip"] as const);
  it.each([
    ["gzip, deflate, br, zstd", "br"], // Chrome's order: brotli still wins
    ["gzip, deflate", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["br;q=0, gzip;q=0", undefined],
    ["identity", undefined],
    ["*", "br"],
    ["*, br;q=0", "gzip"],
    ["x-gzip", "gzip"],
    ["", undefined],
    [undefined, undefined],
    ["BR;Q=0.5", "br"],
  ])("%s → %s", (header, expected) => {
    expect(chooseEncoding(header, both)).toBe(expected);
  });
  it("only offers the copies that exist", () => {
    expect(chooseEncoding("br, gzip", new Set(["gzip"] as const))).toBe("gzip");
    expect(chooseEncoding("br", new Set(["gzip"] as const))).toBeUndefined();
  });
});

describe("staticFiles", () => {
  const root = mkdtempSync(path.join(tmpdir(), "dental-static-"));
  const js = Buffer.from(`export const x = ${JSON.stringify("a".repeat(2000))};\n`);
  let url = "";
  let close = () => {};
  beforeAll(async () => {
    mkdirSync(path.join(root, "build/_shared"), { recursive: true });
    writeFileSync(path.join(root, "build/_shared/chunk-A.js"), js);
    writeFileSync(path.join(root, "build/_shared/chunk-A.js.br"), brotliCompressSync(js));
    writeFileSync(path.join(root, "build/_shared/chunk-A.js.gz"), gzipSync(js));
    writeFileSync(path.join(root, "build/plain.js"), js); // no copies
    writeFileSync(path.join(root, "logo.svg"), "<svg xmlns='http://www.w3.org/2000/svg'></svg>");
    writeFileSync(path.join(root, "logo.svg.gz"), gzipSync("<svg xmlns='http://www.w3.org/2000/svg'></svg>"));
    const app = express();
    app.use(staticFiles(root));
    app.use((_req, res) => void res.status(404).send("fallthrough"));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => {
    close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = (file: string, acceptEncoding?: string, method = "GET") =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
      request(`${url}${file}`, { method, headers: acceptEncoding === undefined ? {} : { "Accept-Encoding": acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
        .on("error", reject)
        .end();
    });

  it("sends the brotli copy to a browser that accepts it, the gzip one to one that takes only gzip, the file to the others", async () => {
    const br = await get("/build/_shared/chunk-A.js", "gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.body).equals(js)).toBe(true);
    const gz = await get("/build/_shared/chunk-A.js", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).equals(js)).toBe(true);
    const none = await get("/build/_shared/chunk-A.js");
    expect(none.headers["content-encoding"]).toBeUndefined();
    expect(none.body.equals(js)).toBe(true);
    for (const res of [br, gz, none]) {
      expect(res.status).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^application\/javascript/);
      expect(res.headers.vary).toBe("Accept-Encoding");
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    }
    expect(br.headers.etag).not.toBe(gz.headers.etag);
    expect(br.body.length).toBeLessThan(gz.body.length);
    const head = await get("/build/_shared/chunk-A.js", "br", "HEAD");
    expect(head.headers["content-encoding"]).toBe("br");
  });

  it("public files outside /build too, with the copies that exist; files without copies as they are", async () => {
    const svg = await get("/logo.svg", "br, gzip");
    expect(svg.headers["content-encoding"]).toBe("gzip");
    expect(svg.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(svg.headers["cache-control"]).toBe("public, max-age=3600");
    const plain = await get("/build/plain.js", "br");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(js)).toBe(true);
    // The copies are not public names of their own.
    expect((await get("/logo.svg.gz")).body.toString()).toBe("fallthrough");
  });
});
