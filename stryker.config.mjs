// Mutation testing of the pure core (`npm run mutation`, not part of `npm test`): the rules, the flow engine
// and the availability engine, against the unit tests only. Score and how to read it: README "Tests".
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutation.config.ts", related: false },
  mutate: ["app/rules/**/*.ts", "app/flow/engine.ts", "app/scheduling/availability.ts"],
  coverageAnalysis: "perTest",
  // A shared 2-core machine: two test processes at most.
  concurrency: 2,
  timeoutMS: 10_000,
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: "reports/mutation/index.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  thresholds: { high: 80, low: 70, break: null },
  // The sandbox copy needs the sources and tests, not data dirs or builds.
  ignorePatterns: ["data", "build", "public/build", "test-results", "playwright-report", "reports", ".cache", "db/backups"],
  tempDirName: ".stryker-tmp",
  cleanTempDir: true,
};
