/**
 * A calendar file read by libical (Debian's libical3, the C library of Evolution and many servers), beside ical.js
 * (ics.ts): parsed, its X-LIC-ERROR marks, RFC 5546's restrictions for its METHOD, its VEVENTs. Through ctypes in
 * Python (libical-check.py): .ci/run installs libical3.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";

export type LibicalReading = { parsed: boolean; restrictionsOk?: boolean; errors?: number; events?: number; problems?: string[] };

export function libicalRead(ics: string): LibicalReading {
  const run = spawnSync("python3", [path.join(import.meta.dirname, "libical-check.py")], { input: ics, encoding: "utf8" });
  if (run.status !== 0) throw new Error(`libical could not be run (install libical3): ${run.stderr}`);
  return JSON.parse(run.stdout) as LibicalReading;
}
