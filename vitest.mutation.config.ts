// The unit tests alone, for mutation testing (stryker.config.mjs): the pure core needs no database or server.
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: { include: ["tests/unit/**/*.test.ts"], maxWorkers: 1 },
});
