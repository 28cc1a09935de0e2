/**
 * The one periodic-job helper (issue 30 A, decision 031): every background loop of the process (the email outbox,
 * reminders, recall, the hold sweeper, the waitlist sender, webhook deliveries, …) is a `tick` run by `startJob`.
 *
 * The contract of a tick: `tick(now)` does one batch of due work and returns how many items it did. It claims its
 * rows itself, with `FOR UPDATE SKIP LOCKED` (or an UPDATE … WHERE id IN (SELECT … SKIP LOCKED)), so any number of
 * processes run the same job and each row is done by one; nothing is kept in memory between ticks.
 *
 * What the helper adds, once for all: one tick at a time per job; a backlog drained at once (a tick that did
 * something is followed by the next at once, up to MAX_BATCHES_PER_RUN); a failed tick retried later and later
 * (everyMs × 2^failures, at most MAX_BACKOFF_MS); `nudge()` to run now; `stop()` that waits for a running tick
 * (shutdown); an injectable clock; and each job's runs, failures and lag for the operator's metrics.
 *
 * `wake(topic)` nudges every job started with `wakeOn: topic` in this process. The registry lives on `globalThis`:
 * server.ts and the Remix build each load their own copy of this module, and a route's `wake` must reach the jobs
 * server.ts started (the waitlist offer must not wait for the next tick). Other processes' writes wake them through
 * the database (decision 070: a trigger's NOTIFY at commit, LISTENed by workers.server.ts), so a job's `everyMs` is a
 * slow safety poll, not how soon it hears of work; `nextDue` says when work already queued for later falls due (a
 * retry, a text held through the night), and the job runs then. Between two batches of a run the event loop is let go
 * (`setImmediate`): on the embedded database a backlog never holds the requests behind it.
 */
import { redactForLog } from "~/platform/redact";

export type Clock = () => Date;

export type JobOptions = {
  /** A short name: logs and metrics (`job="…"`). */
  name: string;
  /** How often it runs when nothing nudges it. */
  everyMs: number;
  /** One batch of due work at `now`; returns how many items it did (0: nothing due). */
  tick: (now: Date) => Promise<number>;
  /** Default: the wall clock. */
  clock?: Clock;
  /** The topics (`wake(topic)`) that run this job now, e.g. "visit-events". */
  wakeOn?: string | string[];
  /** When its next item already queued falls due (null: none): the job runs then if that is before `everyMs`. */
  nextDue?: () => Promise<Date | null>;
};

export type Job = {
  /** Runs the job now (or right after the running tick). */
  nudge(): void;
  /** No more ticks; resolves once the running one (if any) has finished. */
  stop(): Promise<void>;
};

export type JobStats = { name: string; runs: number; failures: number; items: number; lastSuccessAt: number | null; startedAt: number; everyMs: number; running: boolean };

const MAX_BACKOFF_MS = 15 * 60_000;
/** A run drains a backlog in batches, but never forever (a tick that always finds work yields to the timer). */
const MAX_BATCHES_PER_RUN = 100;
/** Work due "now" (or overdue and failing to be claimed) is looked at again after this, never in a busy loop. */
const MIN_WAIT_MS = 100;

type Registry = { jobs: Map<string, { job: Job; stats: JobStats; wakeOn: string[] }> };
const registry: Registry = ((globalThis as Record<symbol, Registry | undefined>)[Symbol.for("dental.jobs")] ??= { jobs: new Map() });

/** Starts a periodic job (see the module's comment). A second job of the same name replaces the first in the stats. */
export function startJob({ name, everyMs, tick, clock = () => new Date(), wakeOn = [], nextDue }: JobOptions): Job {
  const stats: JobStats = { name, runs: 0, failures: 0, items: 0, lastSuccessAt: null, startedAt: clock().getTime(), everyMs, running: false };
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let failuresInARow = 0;

  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, ms);
    timer.unref();
  };

  async function runOnce() {
    stats.running = true;
    try {
      for (let batch = 0; batch < MAX_BATCHES_PER_RUN && !stopped; batch++) {
        stats.runs++;
        const done = await tick(clock());
        stats.items += done;
        if (done <= 0) break;
        await new Promise((resolve) => setImmediate(resolve)); // the requests waiting go first
      }
      stats.lastSuccessAt = clock().getTime();
      failuresInARow = 0;
    } catch (error) {
      stats.failures++;
      failuresInARow++;
      console.error(`[job ${name}] run failed (${failuresInARow} in a row):`, redactForLog(error));
    } finally {
      stats.running = false;
    }
  }

  /** The wait before the next run: the safety poll, or sooner when queued work falls due before it. */
  async function untilDue(): Promise<number> {
    if (!nextDue || stopped) return everyMs;
    try {
      const due = await nextDue();
      return due ? Math.min(everyMs, Math.max(MIN_WAIT_MS, due.getTime() - clock().getTime())) : everyMs;
    } catch {
      return everyMs;
    }
  }

  function run() {
    if (stopped) return;
    if (current) {
      again = true;
      return;
    }
    if (timer) clearTimeout(timer);
    timer = null;
    current = (async () => {
      do {
        again = false;
        await runOnce();
      } while (again && !stopped && failuresInARow === 0);
      current = null;
      schedule(failuresInARow === 0 ? await untilDue() : Math.min(everyMs * 2 ** failuresInARow, Math.max(MAX_BACKOFF_MS, everyMs)));
    })();
  }

  const job: Job = {
    nudge: run,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await current;
      if (registry.jobs.get(name)?.job === job) registry.jobs.delete(name);
    },
  };
  registry.jobs.set(name, { job, stats, wakeOn: typeof wakeOn === "string" ? [wakeOn] : wakeOn });
  schedule(everyMs);
  return job;
}

/** Runs, now, every job of this process started with `wakeOn: topic` (a no-op when none runs here, e.g. in tests). */
export function wake(topic: string) {
  for (const { job, wakeOn } of registry.jobs.values()) if (wakeOn.includes(topic)) job.nudge();
}

/** Each running job's figures (the metrics): runs, failures, and its lag: how far past due its next good run is. */
export function jobStats(now = Date.now()) {
  return [...registry.jobs.values()].map(({ stats }) => ({
    ...stats,
    /** 0 while it runs on time; grows while it fails or hangs (measured from its last good run, or its start). */
    lagSeconds: Math.max(0, (now - (stats.lastSuccessAt ?? stats.startedAt) - stats.everyMs) / 1000),
  }));
}
