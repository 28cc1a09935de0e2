import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod/v4";
import { BRAND } from "./brand";

const flag = z
  .enum(["true", "false", "1", "0", ""])
  .default("false")
  .transform((v) => v === "true" || v === "1");

/** An optional https:// URL (no trailing slash kept). */
const httpsUrl = z
  .url()
  .regex(/^https:\/\//, "must be an https:// URL")
  .transform((v) => v.replace(/\/+$/, ""))
  .optional()
  .or(z.literal("").transform(() => undefined));

/** An optional Contentful id or token (letters, digits, `_` and `-`). */
const contentfulId = (what: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,128}$/, `must be ${what}`)
    .optional()
    .or(z.literal("").transform(() => undefined));

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    SESSION_SECRET: z.string().optional(),
    /** Default: http://localhost:$PORT (so `PORT=3311 npm start` links to itself). */
    SITE_ORIGIN: z.url().optional(),
    SUPPORT_EMAIL: z.email().default("support@example.com"),
    /** The mobile app's store listing, linked from the footer (never inside the app's web view). */
    APP_STORE_URL: z
      .url()
      .regex(/^https:\/\//, "must be an https:// URL")
      .default("https://apps.apple.com/us/search?term=Studio%20Dental"),
    AVAILABILITIES_TIMEOUT_MS: z.coerce.number().int().min(100).max(60000).default(3000),
    /** How long a time a patient chose stays held for them while they finish booking (issue 19, decision 021). */
    /** How long a closed account's records and past visits are kept after its last visit (issue 41, decision 078). */
    RECORD_RETENTION_YEARS: z.coerce.number().int().min(1).max(100).default(7),
    SLOT_HOLD_MINUTES: z.coerce.number().int().min(1).max(60).default(10),
    /** How often the waitlist sender looks without being woken (a visit change in the same process wakes it at once). */
    WAITLIST_EVERY_MS: z.coerce.number().int().min(1000).max(86_400_000).default(15_000),
    /**
     * Webhook retries after a failed attempt (decision 032): comma-separated durations (`5s`, `5m`, `2h`); after the
     * last the endpoint is disabled and the admins emailed. Default: the Standard Webhooks schedule.
     */
    WEBHOOK_RETRY_SCHEDULE: z
      .string()
      .regex(/^\s*\d{1,6}\s*(ms|s|m|h)\s*(,\s*\d{1,6}\s*(ms|s|m|h)\s*){0,19}$/, "must be durations like 5s,5m,30m,2h")
      .default("5s,5m,30m,2h,5h,10h,14h,20h,24h")
      .transform((v) => v.split(",").map((part) => {
        const [, n, unit] = /(\d+)\s*(ms|s|m|h)/.exec(part)!;
        return Number(n) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[unit as "ms" | "s" | "m" | "h"];
      })),
    /** Webhooks may reach private, loopback and link-local addresses, and plain http:// (local testing only). */
    WEBHOOK_ALLOW_PRIVATE: flag,
    /**
     * The hold limits (decision 055, replacing 021's 30 an hour per address): holds one booking may place in an hour,
     * one device (its `device` cookie) in an hour, and one client address (an IPv6 /64) in an hour — a ceiling for a
     * carrier's address shared by thousands. Past any of them the times page answers 429 with Retry-After.
     */
    SLOT_HOLDS_PER_BOOKING: z.coerce.number().int().min(1).max(100000).default(15),
    SLOT_HOLDS_PER_DEVICE_HOUR: z.coerce.number().int().min(1).max(100000).default(30),
    SLOT_HOLDS_PER_ADDRESS_HOUR: z.coerce.number().int().min(1).max(1000000).default(300),
    /** Holds one client address may place on one studio's day in an hour: what keeps a script from holding a day. */
    SLOT_HOLDS_PER_ADDRESS_DAY: z.coerce.number().int().min(1).max(1000000).default(10),
    /** Removed (decision 055): it limited one address to 30, which refused patients behind a carrier's address. */
    SLOT_HOLDS_PER_HOUR: z.undefined("was replaced by SLOT_HOLDS_PER_ADDRESS_HOUR (default 300), SLOT_HOLDS_PER_DEVICE_HOUR and SLOT_HOLDS_PER_BOOKING (decision 055)").optional(),
    /** Requests one API key may make per minute; past it the API answers 429 with Retry-After (decision 033). */
    API_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(100000).default(120),
    SALESFORCE_CHAT: flag,
    /** Salesforce Embedded Messaging (with SALESFORCE_CHAT=true): the org, the deployment's API name, its site and SCRT URLs. */
    SALESFORCE_CHAT_ORG_ID: z.string().regex(/^00D[A-Za-z0-9]{12,15}$/, "must be a Salesforce org id (00D…)").optional().or(z.literal("").transform(() => undefined)),
    SALESFORCE_CHAT_DEPLOYMENT: z.string().regex(/^[A-Za-z0-9_]{1,80}$/, "must be a deployment API name").optional().or(z.literal("").transform(() => undefined)),
    SALESFORCE_CHAT_SITE_URL: httpsUrl,
    SALESFORCE_CHAT_SCRT_URL: httpsUrl,
    NASHVILLE_CC_REQUIRED: flag,
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must be an smtp:// URL")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    MAIL_FROM: z.string().default(`${BRAND} <appointments@example.com>`),
    SENTRY_DSN: z
      .url()
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** Development pages (/dev/outbox) outside NODE_ENV=development, e.g. for the end-to-end server. */
    DEV_ROUTES: flag,
    /** Proxy hops in front of the app whose X-Forwarded-For is believed (0: none; the socket's address is the client). */
    TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    /**
     * After SIGTERM, how long the server goes on serving (with /readyz at 503) before it stops accepting
     * connections: a load balancer's health-check interval × its unhealthy threshold. The whole stop stays under 10 s.
     */
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(5000).default(2000),
    /** Prometheus metrics (GET /metrics) on this port only, never the public one; off when unset. */
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional().or(z.literal("").transform(() => undefined)),
    /** `json`: one JSON line per request and per log line, with the request's id (README "Deploying"). */
    LOG_FORMAT: z.enum(["text", "json"]).default("text"),
    /** Optional breached-password check: a k-anonymity range API (e.g. https://api.pwnedpasswords.com/range). Off when empty. */
    BREACHED_PASSWORDS_URL: z
      .url()
      .optional()
      .or(z.literal("").transform(() => undefined)),
    SEGMENT_WRITE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9]{1,64}$/, "must be a Segment write key")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    // Contentful (README "Content"): without a space's id and token, the embedded content in content/ is used.
    CONTENTFUL_ENVIRONMENT: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, "must be an environment id").default("master"),
    CONTENTFUL_MARKETING_SPACE_ID: contentfulId("a space id"),
    CONTENTFUL_MARKETING_DELIVERY_TOKEN: contentfulId("an access token"),
    CONTENTFUL_MARKETING_PREVIEW_TOKEN: contentfulId("an access token"),
    CONTENTFUL_PROFILE_SPACE_ID: contentfulId("a space id"),
    CONTENTFUL_PROFILE_DELIVERY_TOKEN: contentfulId("an access token"),
    CONTENTFUL_PROFILE_PREVIEW_TOKEN: contentfulId("an access token"),
    // Stripe (docs/guides/payments.md): with a secret key the card is saved on Stripe's hosted page and fees are
    // charged; without one, the local test provider (app/payments/local.server.ts) charges nothing.
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]{8,255}$/, "must be a Stripe secret or restricted key (sk_… / rk_…)")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/=]{8,255}$/, "must be a webhook signing secret (whsec_…)")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** Stripe's API (default https://api.stripe.com); in tests a local server speaking it, e.g. http://127.0.0.1:4242. */
    STRIPE_API_URL: z
      .url()
      .regex(/^https?:\/\/[^/?#]+\/?$/, "must be an http(s):// origin, without a path")
      .transform((v) => v.replace(/\/+$/, ""))
      .default("https://api.stripe.com"),
    /** Texts (issue 31, docs/guides/sms.md): Twilio's account, auth token and sending number; no texts leave without all three. */
    TWILIO_ACCOUNT_SID: z.string().regex(/^AC[0-9a-fA-F]{32}$/, "must be a Twilio account SID (AC + 32 hex)").optional().or(z.literal("").transform(() => undefined)),
    TWILIO_AUTH_TOKEN: z.string().regex(/^[A-Za-z0-9]{16,128}$/, "must be a Twilio auth token").optional().or(z.literal("").transform(() => undefined)),
    TWILIO_FROM: z.string().regex(/^\+[1-9][0-9]{7,14}$/, "must be a number in E.164 (+15551234567)").optional().or(z.literal("").transform(() => undefined)),
    /** The Messages API's base URL: Twilio's by default; a local server speaking it in tests. */
    TWILIO_API_URL: z.url().regex(/^https?:\/\//, "must be an http(s):// URL").transform((v) => v.replace(/\/+$/, "")).optional().or(z.literal("").transform(() => undefined)),
    /** Another host for the client: `host[:port]`, or an `http://` / `https://` URL (`http://` means plain HTTP). */
    CONTENTFUL_HOST: z
      .string()
      .regex(/^(https?:\/\/)?[A-Za-z0-9.-]+(:\d{1,5})?\/?$/, "must be a host[:port] or an http(s):// URL")
      .optional()
      .or(z.literal("").transform(() => undefined)),
  })
  .superRefine((env, ctx) => {
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({ code: "custom", path: ["METRICS_PORT"], message: "must differ from PORT (the metrics are not public)" });
    }
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({ code: "custom", path: ["STRIPE_WEBHOOK_SECRET"], message: "is required with STRIPE_SECRET_KEY (Stripe's events mark fees paid)" });
    }
    if (env.DATABASE_URL && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "is required when DATABASE_URL is set (every container must share it)",
      });
    }
    if (env.SESSION_SECRET !== undefined) {
      const secrets = env.SESSION_SECRET.split(",").map((s) => s.trim());
      if (secrets.some((s) => s.length < 32)) {
        ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "each secret needs at least 32 characters" });
      }
    }
  });

export type Env = Omit<z.infer<typeof envSchema>, "SITE_ORIGIN"> & { SITE_ORIGIN: string; sessionSecrets: string[] };

export class EnvError extends Error {}

/** Parses an environment; throws EnvError naming each bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `${String(i.path[0] ?? "env")}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n  ${lines.join("\n  ")}`);
  }
  const env = result.data;
  const sessionSecrets = env.SESSION_SECRET
    ? env.SESSION_SECRET.split(",").map((s) => s.trim())
    : [loadOrCreateSecret(env.DATA_DIR)];
  const SITE_ORIGIN = (env.SITE_ORIGIN ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  return { ...env, SITE_ORIGIN, sessionSecrets };
}

/** Without DATABASE_URL a single container owns DATA_DIR, so a generated secret kept there is enough. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  console.info(`[config] SESSION_SECRET not set: generated one and kept it in ${file}`);
  return secret;
}

let cached: Env | undefined;
/** The validated configuration, read once per process. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Exactly what the browser may see. */
export function getPublicEnv(env = getEnv()) {
  return {
    SUPPORT_EMAIL: env.SUPPORT_EMAIL,
    SALESFORCE_CHAT: env.SALESFORCE_CHAT,
    /** The chat widget's settings when the flag is on and all four are set (none is secret: the widget's page shows them). */
    chat:
      env.SALESFORCE_CHAT && env.SALESFORCE_CHAT_ORG_ID && env.SALESFORCE_CHAT_DEPLOYMENT && env.SALESFORCE_CHAT_SITE_URL && env.SALESFORCE_CHAT_SCRT_URL
        ? { orgId: env.SALESFORCE_CHAT_ORG_ID, deployment: env.SALESFORCE_CHAT_DEPLOYMENT, siteUrl: env.SALESFORCE_CHAT_SITE_URL, scrtUrl: env.SALESFORCE_CHAT_SCRT_URL }
        : null,
    SENTRY_DSN: env.SENTRY_DSN ?? null,
    SEGMENT_WRITE_KEY: env.SEGMENT_WRITE_KEY ?? null,
  };
}
