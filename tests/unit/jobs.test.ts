/** The one periodic-job helper (app/jobs, decision 031): nudges, backlogs, failures, stop, the clock, the metrics. */
import { afterEach, expect, it } from "vitest";
import { jobStats, startJob, wake, type Job } from "~/jobs/job.server";

const HOUR = 3_600_000; // long enough that no timer tick happens during a test: only nudges run the jobs
const started: Job[] = [];
const start = (options: Parameters<typeof startJob>[0]) => {
  const job = startJob(options);
  started.push(job);
  return job;
};
afterEach(async () => {
  await Promise.all(started.splice(0).map((job) => job.stop()));
});

/** Resolves once `check` holds (polled; the jobs run on the event loop). */
async function until(check: () => boolean) {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 2));
  expect(check()).toBe(true);
}

it("a nudge runs the tick now, with the injected clock's time, and drains a backlog in one run", async () => {
  const clock = () => new Date("2030-01-01T00:00:00Z");
  const seen: Date[] = [];
  let backlog = 3;
  start({ name: "t-backlog", everyMs: HOUR, clock, tick: async (now) => (seen.push(now), backlog > 0 ? backlog-- : 0), wakeOn: "t-topic" });
  wake("t-topic");
  await until(() => seen.length === 4);
  expect(seen.every((d) => d.getTime() === clock().getTime())).toBe(true);
  expect(jobStats().find((j) => j.name === "t-backlog")).toMatchObject({ runs: 4, items: 6, failures: 0 });
});

it("a failing tick is counted and logged; the job goes on (a later run succeeds)", async () => {
  let calls = 0;
  const job = start({
    name: "t-fails",
    everyMs: HOUR,
    tick: async () => {
      calls++;
      if (calls === 1) throw new Error("database away");
      return 0;
    },
  });
  job.nudge();
  await until(() => jobStats().find((j) => j.name === "t-fails")?.failures === 1 && !jobStats().find((j) => j.name === "t-fails")?.running);
  job.nudge();
  await until(() => calls === 2);
  await until(() => jobStats().find((j) => j.name === "t-fails")?.lastSuccessAt !== null);
  expect(jobStats().find((j) => j.name === "t-fails")).toMatchObject({ runs: 2, failures: 1 });
});

it("one tick at a time: a nudge during a run runs once more after it, never alongside", async () => {
  let running = 0;
  let most = 0;
  let calls = 0;
  let release!: () => void;
  const job = start({
    name: "t-overlap",
    everyMs: HOUR,
    tick: async () => {
      calls++;
      running++;
      most = Math.max(most, running);
      if (calls === 1) await new Promise<void>((r) => (release = r));
      running--;
      return 0;
    },
  });
  job.nudge();
  await until(() => calls === 1);
  job.nudge();
  job.nudge();
  release();
  await until(() => calls === 2);
  expect(most).toBe(1);
});

it("stop waits for the running tick, and no tick runs after it", async () => {
  let finished = false;
  let calls = 0;
  let release!: () => void;
  const job = startJob({
    name: "t-stop",
    everyMs: HOUR,
    tick: async () => {
      calls++;
      await new Promise<void>((r) => (release = r));
      finished = true;
      return 1; // "did work": would run again at once if not stopped
    },
  });
  job.nudge();
  await until(() => calls === 1);
  let stopped = false;
  const stopping = job.stop().then(() => (stopped = true));
  await new Promise((r) => setTimeout(r, 20));
  expect(stopped).toBe(false);
  release();
  await stopping;
  expect(finished).toBe(true);
  job.nudge();
  await new Promise((r) => setTimeout(r, 20));
  expect(calls).toBe(1);
  expect(jobStats().some((j) => j.name === "t-stop")).toBe(false);
});

it("lag: 0 while on time; past due when the last good run is older than its interval", async () => {
  let now = new Date("2030-01-01T00:00:00Z").getTime();
  const job = start({ name: "t-lag", everyMs: 60_000, clock: () => new Date(now), tick: async () => 0 });
  job.nudge();
  await until(() => jobStats(now).find((j) => j.name === "t-lag")?.lastSuccessAt === now);
  expect(jobStats(now + 30_000).find((j) => j.name === "t-lag")?.lagSeconds).toBe(0);
  expect(jobStats(now + 90_000).find((j) => j.name === "t-lag")?.lagSeconds).toBe(30);
});
