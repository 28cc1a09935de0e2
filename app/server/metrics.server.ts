import { createServer, type Server } from "node:http";
import type { RequestHandler } from "express";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { jobStats } from "~/jobs/job.server";
import type { PatientEvent } from "~/platform/events.server";
import { redactForLog } from "~/platform/redact";
import { cacheSizes } from "~/rules/bounded-map";
import { routeLabel } from "./request-context.server";

/**
 * Prometheus metrics (text format) for the operator, on their own port (METRICS_PORT), never the public one:
 * requests by route pattern and status, their latency, what patients did, the email outbox, reminder lag,
 * the database pool, the event loop and the process.
 */
export function operatorMetrics(database: Database, routeOf: (path: string) => string) {
  const registers = [new Registry()];
  const [registry] = registers;
  collectDefaultMetrics({ register: registry }); // process CPU, memory, handles, GC, event-loop lag
  const labelNames = ["method", "route", "status"] as const;
  const requests = new Counter({ name: "http_requests_total", help: "Requests answered, by route pattern and status.", labelNames, registers });
  const latency = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from the request's arrival to its last byte, by route pattern and status.",
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const events = new Counter({ name: "dental_patient_events_total", help: "Bookings, cancels, reschedules and intake saves, by outcome (ok or the refusal's code).", labelNames: ["event", "outcome"], registers });
  (globalThis as { __countEvent?: (event: PatientEvent, outcome: string) => void }).__countEvent = (event, outcome) => events.inc({ event, outcome });

  const unavailable = new Counter({
    name: "dental_database_unavailable_answers_total",
    help: "503 answers because the database was away (decision 028): an error page, or a form shown again. Not errors.",
    labelNames: ["answer"],
    registers,
  });

  const number = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));
  // While the database is away these gauges keep their last value: the rest of the page (requests, the 503s
  // counted below, the pool) is what the operator needs then, and a failed read would fail the whole page.
  const row = async (query: ReturnType<typeof sql>) => {
    try {
      return ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
    } catch {
      return null;
    }
  };
  new Gauge({
    name: "dental_email_outbox_depth",
    help: "Emails waiting to be sent.",
    registers,
    async collect() {
      const depth = await row(sql`select count(*)::int as n from email_outbox where status = 'PENDING'`);
      if (depth) this.set(number(depth.n));
    },
  });
  new Gauge({
    name: "dental_email_outbox_oldest_age_seconds",
    help: "Age of the oldest email waiting to be sent (0: none waits).",
    registers,
    async collect() {
      const oldest = await row(sql`select extract(epoch from now() - min(created_at))::float8 as age from email_outbox where status = 'PENDING'`);
      if (oldest) this.set(number(oldest.age));
    },
  });
  // Each in-process cache beside its bound (decision 056): a cache at its bound is working as meant, one past it is a bug.
  new Gauge({
    name: "dental_cache_entries",
    help: "Entries in each in-process cache (its fullest copy).",
    labelNames: ["cache"],
    registers,
    collect() {
      for (const c of cacheSizes()) this.set({ cache: c.name }, c.entries);
    },
  });
  new Gauge({
    name: "dental_cache_max_entries",
    help: "The bound of each in-process cache: past it, its oldest entries are forgotten.",
    labelNames: ["cache"],
    registers,
    collect() {
      for (const c of cacheSizes()) this.set({ cache: c.name }, c.max);
    },
  });
  new Gauge({
    name: "dental_reminder_lag_seconds",
    help: "How long the most overdue visit reminder has been due and not sent (0: none is late).",
    registers,
    async collect() {
      const late = await row(sql`select extract(epoch from now() - min(due_at))::float8 as lag from appointment_reminders where sent_at is null and skipped is null and due_at <= now()`);
      if (late) this.set(number(late.lag));
    },
  });
  // The background jobs of this process (app/jobs): runs, failed runs, and how far past due each one's next good run is.
  const jobGauge = (name: string, help: string, value: (job: ReturnType<typeof jobStats>[number]) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ["job"],
      registers,
      collect() {
        for (const job of jobStats()) this.set({ job: job.name }, value(job));
      },
    });
  jobGauge("dental_job_runs_total", "Ticks each background job has run in this process.", (job) => job.runs);
  jobGauge("dental_job_failures_total", "Ticks of each background job that failed (it backs off, then runs again).", (job) => job.failures);
  jobGauge("dental_job_lag_seconds", "How far past due each background job's next successful run is (0: on time).", (job) => job.lagSeconds);
  if (database.poolUse) {
    const poolUse = database.poolUse;
    new Gauge({
      name: "dental_db_pool_connections",
      help: "PostgreSQL pool connections: total, idle, and requests waiting for one.",
      labelNames: ["state"],
      registers,
      collect() {
        const use = poolUse();
        this.set({ state: "total" }, use.total);
        this.set({ state: "idle" }, use.idle);
        this.set({ state: "waiting" }, use.waiting);
      },
    });
  }

  return {
    /** Counts a 503 answered because the database was away (app/server/remix.server.ts). */
    countUnavailable: (answer: "page" | "form") => unavailable.inc({ answer }),
    /** Counts and times each request under its route pattern. */
    record: ((req, res, next) => {
      const started = process.hrtime.bigint();
      res.on("finish", () => {
        const labels = { method: req.method, route: routeLabel(req, res, routeOf), status: String(res.statusCode) };
        requests.inc(labels);
        latency.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
      });
      next();
    }) satisfies RequestHandler,
    /** GET /metrics on its own port; anything else there is a 404. */
    listen({ host, port }: { host: string; port: number }): Server {
      const server = createServer((req, res) => {
        if (req.method !== "GET" || req.url?.split("?")[0] !== "/metrics") {
          res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found\n");
          return;
        }
        registry.metrics().then(
          (text) => res.writeHead(200, { "Content-Type": registry.contentType, "Cache-Control": "no-store" }).end(text),
          (error: unknown) => {
            console.error("[metrics] collecting failed:", redactForLog(error));
            res.writeHead(500, { "Content-Type": "text/plain" }).end("Metrics unavailable\n");
          },
        );
      });
      server.listen(port, host, () => console.info(`[metrics] on http://${host === "0.0.0.0" ? "localhost" : host}:${port}/metrics`));
      return server;
    },
  };
}
