import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    globalSetup: ["tests/helpers/global-setup.ts"],
    // The outbox's emails are kept here and validated once, at the end (tests/helpers/global-setup.ts).
    env: { STANDARDS_CAPTURE_DIR: "test-results/standards-vitest" },
    // A stray `.only` would skip the rest and pass the run: refused everywhere, not only when CI is set.
    allowOnly: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // PGlite instances are heavy (~300 MB each): keep parallelism modest on 2 cores.
    maxWorkers: 2,
  },
});
