// What an idle server costs (issue 42 F, decision 070): the CPU a production server (`npm start`'s command, the
// embedded database, SMTP configured) uses in a minute with no request, this tree against earlier commits, all
// started together and sampled over the same minute (/proc/<pid>/stat), so the machine's load falls on each alike.
// The background jobs are all an idle server runs: before, three of them polled the database every 2–5 s.
//   node --import tsx bench/idle-cpu.ts [--before 2e106cd] (a ref needing a package since removed, e.g. eb8e1f4's @remix-run/express, cannot start) [--seconds 60] [--port-base 3620]
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildAtRef } from "./build-at-ref";

const { values: args } = parseArgs({
  options: { before: { type: "string", multiple: true, default: ["2e106cd"] }, seconds: { type: "string", default: "60" }, "port-base": { type: "string", default: "3620" } },
});
const SECONDS = Number(args.seconds);
const repo = path.resolve(import.meta.dirname, "..");
const scratch = mkdtempSync(path.join(repo, "bench", "scratch-idle-"));
const data = mkdtempSync(path.join(tmpdir(), "idle-cpu-"));
const children: ChildProcess[] = [];
process.on("exit", () => {
  for (const child of children) child.kill("SIGTERM");
  rmSync(scratch, { recursive: true, force: true });
  rmSync(data, { recursive: true, force: true });
});

const versions = [
  ...(args.before ?? []).map((ref) => ({ label: ref, dir: buildAtRef(repo, scratch, ref, ref) })),
  { label: "this tree", dir: (execFileSync(path.join(repo, "node_modules/.bin/remix"), ["build"], { cwd: repo, stdio: ["ignore", "ignore", "inherit"] }), repo) },
];

/** utime + stime of a process, in ms (clock ticks of 10 ms). */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

const servers = versions.map((version, i) => {
  const port = Number(args["port-base"]) + i;
  const child = spawn(process.execPath, ["--max-semi-space-size=32", "--max-old-space-size=256", "--import", "tsx", "server.ts"], {
    cwd: version.dir,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: path.join(data, String(i)), SESSION_SECRET: "idle-cpu-bench-secret-0123456789abcdefghij", SITE_ORIGIN: `http://localhost:${port}`, SMTP_URL: "smtp://127.0.0.1:2599", DATABASE_URL: "" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(child);
  return { ...version, port, child };
});

for (const server of servers) {
  const deadline = Date.now() + 600_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${server.port}/healthz`)).ok) break;
    } catch {}
    if (server.child.exitCode !== null || Date.now() > deadline) throw new Error(`${server.label}: not up (exit ${server.child.exitCode})`);
    await new Promise((r) => setTimeout(r, 500));
  }
}
await new Promise((r) => setTimeout(r, 15_000)); // the start's first looks are over
const start = servers.map((s) => cpuMs(s.child.pid!));
await new Promise((r) => setTimeout(r, SECONDS * 1000));
const used = servers.map((s, i) => cpuMs(s.child.pid!) - start[i]);
console.log(`CPU of an idle production server over ${SECONDS} s (embedded database, SMTP set, no request), sampled together; load ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}:`);
console.log("| version | CPU ms per idle minute |\n|---|---|");
servers.forEach((s, i) => console.log(`| ${s.label} | ${Math.round((used[i] * 60) / SECONDS)} |`));
process.exit(0);
