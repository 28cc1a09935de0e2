import { readdirSync } from "node:fs";
import express from "express";

/**
 * public/: Remix's fingerprinted /build cached for a year; the other files (favicon, pictures…) for an hour,
 * and only under their own names, listed once at start, so a page request never stats the disk.
 */
export function staticFiles(root = "public") {
  const router = express.Router();
  router.use("/build", express.static(`${root}/build`, { immutable: true, maxAge: "1y" }));
  const names = new Set(readdirSync(root).filter((name) => name !== "build" && !name.startsWith(".")));
  const files = express.static(root, { maxAge: "1h" });
  router.use((req, res, next) => (names.has(req.path.split("/", 2)[1]) ? files(req, res, next) : next()));
  return router;
}
