import { execFileSync } from "node:child_process";
import { appendFileSync, mkdirSync, readFileSync, symlinkSync } from "node:fs";
import path from "node:path";

/**
 * The repository as of `ref` (git archive into `scratch/label`, this repository's node_modules linked), built with
 * `remix build`: the "before" of a change, for the benches that serve several versions side by side.
 */
export function buildAtRef(repo: string, scratch: string, ref: string, label: string): string {
  const dir = path.join(scratch, label);
  mkdirSync(dir);
  execFileSync("sh", ["-c", `git archive ${JSON.stringify(ref)} | tar -x -C ${JSON.stringify(dir)}`], { cwd: repo });
  symlinkSync(path.join(repo, "node_modules"), path.join(dir, "node_modules"));
  // Today's server.ts requires the bundle's outage answer (decision 028); a build from before it gets a plain 503 one.
  const entry = path.join(dir, "app/entry.server.tsx");
  if (!readFileSync(entry, "utf8").includes("databaseUnavailable"))
    appendFileSync(entry, '\nexport async function databaseUnavailable() {\n  return new Response("Service unavailable", { status: 503 });\n}\n');
  execFileSync(path.join(repo, "node_modules/.bin/remix"), ["build"], { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });
  return dir;
}
