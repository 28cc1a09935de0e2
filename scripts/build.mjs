// `npm run build`'s compile step: Remix's classic compiler through its public CLI (`cli.run(["build"])`), without
// Vite's deprecated CommonJS entry point (decision 047). The classic compiler never runs Vite, but loading Remix's CLI
// requires its Vite plugin and vanilla-extract's integration, whose CommonJS builds `require("vite")`: Vite 5's
// `index.cjs`, which prints a deprecation notice on every build, so on every `npm start`. Those requires get Vite's
// ESM API (the entry Vite asks callers to use) instead; the deprecated file is never evaluated.
// Plain JavaScript, run by plain node: under tsx, whose own esbuild service shares the process, the compiler's esbuild
// service reports a deadlock when the process exits.
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const require = createRequire(path.join(process.cwd(), "package.json"));
const viteCjs = require.resolve("vite");
const viteEsm = await import(pathToFileURL(path.join(path.dirname(viteCjs), "dist/node/index.js")).href);
require.cache[viteCjs] = { id: viteCjs, filename: viteCjs, loaded: true, exports: viteEsm };

// The compiler never disposes its esbuild contexts, so esbuild's service process is still running when the build is
// done. Exiting while the service waits on one of its pings made it print a Go crash ("fatal error: all goroutines are
// asleep - deadlock!" and its stacks) after "built", in 2 of 25 builds (issue 42 E). The processes the build started are
// remembered here and stopped before the exit; the build is written by then.
const childProcess = require("node:child_process");
const started = [];
const spawn = childProcess.spawn;
childProcess.spawn = function spawnRemembered(...args) {
  const child = spawn.apply(this, args);
  started.push(child);
  return child;
};
const stopStarted = () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
};

const { cli } = require("@remix-run/dev");
// As Remix's own `remix` binary does: exit when the build is done.
cli.run(["build"]).then(
  () => {
    stopStarted();
    process.exit(0);
  },
  (error) => {
    if (error) console.error(error);
    stopStarted();
    process.exit(1);
  },
);
