import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { EnvError, getPublicEnv, parseEnv } from "~/platform/env.server";

const SECRET_A = "a".repeat(32);
const SECRET_B = "b".repeat(40);

const dirs: string[] = [];
function tmpDataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "dental-env-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function errorOf(source: Record<string, string | undefined>): EnvError {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return error as EnvError;
  }
  throw new Error("parseEnv accepted an invalid environment");
}

describe("parseEnv", () => {
  it("uses the documented defaults", () => {
    const env = parseEnv({ DATA_DIR: tmpDataDir() });
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe("0.0.0.0");
    expect(env.NODE_ENV).toBe("development");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SITE_ORIGIN).toBe("http://localhost:3000");
    expect(env.SALESFORCE_CHAT).toBe(false);
    expect(env.NASHVILLE_CC_REQUIRED).toBe(false); // spec §9: nashvilleCCRequired (false)
    expect(typeof env.AVAILABILITIES_TIMEOUT_MS).toBe("number");
  });

  it("defaults DATA_DIR to ./data", () => {
    const env = parseEnv({ SESSION_SECRET: SECRET_A });
    expect(env.DATA_DIR).toBe("./data");
  });

  it.each(["abc", "70000", "-1", "3.5"])("rejects PORT=%s and names PORT", (port) => {
    const error = errorOf({ PORT: port, SESSION_SECRET: SECRET_A });
    expect(error.message).toMatch(/^\s*PORT:/m);
  });

  it("operations: metrics off, text logs and a 2 s drain by default; each bad value named", () => {
    const env = parseEnv({ SESSION_SECRET: SECRET_A });
    expect(env.METRICS_PORT).toBeUndefined();
    expect(env.LOG_FORMAT).toBe("text");
    expect(env.SHUTDOWN_DRAIN_MS).toBe(2000);
    expect(parseEnv({ SESSION_SECRET: SECRET_A, METRICS_PORT: "9464", LOG_FORMAT: "json", SHUTDOWN_DRAIN_MS: "0" })).toMatchObject({ METRICS_PORT: 9464, LOG_FORMAT: "json", SHUTDOWN_DRAIN_MS: 0 });
    expect(parseEnv({ SESSION_SECRET: SECRET_A, METRICS_PORT: "" }).METRICS_PORT).toBeUndefined();
    for (const [name, value] of [["METRICS_PORT", "abc"], ["METRICS_PORT", "0"], ["METRICS_PORT", "3000"], ["LOG_FORMAT", "xml"], ["SHUTDOWN_DRAIN_MS", "60000"]]) {
      expect(errorOf({ SESSION_SECRET: SECRET_A, [name]: value }).message, `${name}=${value}`).toMatch(new RegExp(`^\\s*${name}:`, "m"));
    }
  });

  it("slot holds: 10 minutes; 15 holds per booking, 30 per device and 300 per address an hour by default (decision 055); each bad value named", () => {
    expect(parseEnv({ SESSION_SECRET: SECRET_A })).toMatchObject({ SLOT_HOLD_MINUTES: 10, SLOT_HOLDS_PER_BOOKING: 15, SLOT_HOLDS_PER_DEVICE_HOUR: 30, SLOT_HOLDS_PER_ADDRESS_HOUR: 300 });
    expect(parseEnv({ SESSION_SECRET: SECRET_A, SLOT_HOLD_MINUTES: "1", SLOT_HOLDS_PER_DEVICE_HOUR: "5", SLOT_HOLDS_PER_ADDRESS_HOUR: "5000" })).toMatchObject({ SLOT_HOLD_MINUTES: 1, SLOT_HOLDS_PER_DEVICE_HOUR: 5, SLOT_HOLDS_PER_ADDRESS_HOUR: 5000 });
    expect(parseEnv({ SESSION_SECRET: SECRET_A, SLOT_HOLD_MINUTES: "60" }).SLOT_HOLD_MINUTES).toBe(60);
    // The old per-address limit is refused by name, not silently ignored: its 30 is what refused the carrier's crowd.
    expect(errorOf({ SESSION_SECRET: SECRET_A, SLOT_HOLDS_PER_HOUR: "30" }).message).toMatch(/^\s*SLOT_HOLDS_PER_HOUR: was replaced by SLOT_HOLDS_PER_ADDRESS_HOUR/m);
    for (const [name, value] of [["SLOT_HOLD_MINUTES", "0"], ["SLOT_HOLD_MINUTES", "61"], ["SLOT_HOLD_MINUTES", "2.5"], ["SLOT_HOLD_MINUTES", "ten"], ["SLOT_HOLDS_PER_BOOKING", "0"], ["SLOT_HOLDS_PER_DEVICE_HOUR", "x"], ["SLOT_HOLDS_PER_ADDRESS_HOUR", "0"]]) {
      expect(errorOf({ SESSION_SECRET: SECRET_A, [name]: value }).message, `${name}=${value}`).toMatch(new RegExp(`^\\s*${name}:`, "m"));
    }
  });

  it("requires SESSION_SECRET when DATABASE_URL is set, naming SESSION_SECRET", () => {
    const error = errorOf({ DATABASE_URL: "postgres://u@127.0.0.1:5432/db" });
    expect(error.message).toMatch(/^\s*SESSION_SECRET:/m);
    expect(error.message).not.toMatch(/^\s*DATABASE_URL:/m);
  });

  it("rejects a DATABASE_URL that is not PostgreSQL, naming it", () => {
    expect(errorOf({ DATABASE_URL: "mysql://x", SESSION_SECRET: SECRET_A }).message).toMatch(/^\s*DATABASE_URL:/m);
  });

  it("rejects short secrets and bad flags", () => {
    expect(errorOf({ SESSION_SECRET: "short" }).message).toMatch(/SESSION_SECRET/);
    expect(errorOf({ SESSION_SECRET: SECRET_A, SALESFORCE_CHAT: "yes" }).message).toMatch(/SALESFORCE_CHAT/);
  });

  it("SITE_ORIGIN defaults to localhost on the PORT set", () => {
    expect(parseEnv({ DATA_DIR: tmpDataDir(), PORT: "3311" }).SITE_ORIGIN).toBe("http://localhost:3311");
    expect(parseEnv({ DATA_DIR: tmpDataDir(), PORT: "3311", SITE_ORIGIN: "https://book.example.com" }).SITE_ORIGIN).toBe("https://book.example.com");
  });
  it("reads flags and trims a trailing slash off SITE_ORIGIN", () => {
    const env = parseEnv({ SESSION_SECRET: SECRET_A, SALESFORCE_CHAT: "true", NASHVILLE_CC_REQUIRED: "1", SITE_ORIGIN: "https://x.example/" });
    expect(env.SALESFORCE_CHAT).toBe(true);
    expect(env.NASHVILLE_CC_REQUIRED).toBe(true);
    expect(env.SITE_ORIGIN).toBe("https://x.example");
  });

  it("DEV_ROUTES is a flag like the others: off by default, on with true or 1, anything else names it", () => {
    expect(parseEnv({ SESSION_SECRET: SECRET_A }).DEV_ROUTES).toBe(false);
    expect(parseEnv({ SESSION_SECRET: SECRET_A, DEV_ROUTES: "true" }).DEV_ROUTES).toBe(true);
    expect(parseEnv({ SESSION_SECRET: SECRET_A, DEV_ROUTES: "1" }).DEV_ROUTES).toBe(true);
    expect(parseEnv({ SESSION_SECRET: SECRET_A, DEV_ROUTES: "false" }).DEV_ROUTES).toBe(false);
    expect(errorOf({ SESSION_SECRET: SECRET_A, DEV_ROUTES: "yes" }).message).toMatch(/^\s*DEV_ROUTES:/m);
  });

  it("splits comma-separated secrets for rotation (newest first)", () => {
    const env = parseEnv({ DATABASE_URL: "postgres://u@h/db", SESSION_SECRET: `${SECRET_A}, ${SECRET_B}` });
    expect(env.sessionSecrets).toEqual([SECRET_A, SECRET_B]);
  });

  it("generates a secret once, keeps it in DATA_DIR and reuses it", () => {
    const dir = tmpDataDir();
    const first = parseEnv({ DATA_DIR: dir });
    expect(first.sessionSecrets).toHaveLength(1);
    expect(first.sessionSecrets[0].length).toBeGreaterThanOrEqual(32);
    const file = path.join(dir, "session-secret");
    expect(readFileSync(file, "utf8").trim()).toBe(first.sessionSecrets[0]);
    expect(statSync(file).mode & 0o077).toBe(0); // readable by the owner only
    const second = parseEnv({ DATA_DIR: dir });
    expect(second.sessionSecrets).toEqual(first.sessionSecrets);
    // A different data dir gets a different secret.
    expect(parseEnv({ DATA_DIR: tmpDataDir() }).sessionSecrets[0]).not.toBe(first.sessionSecrets[0]);
  });

  it("does not generate a file when SESSION_SECRET is given", () => {
    const dir = tmpDataDir();
    parseEnv({ DATA_DIR: dir, SESSION_SECRET: SECRET_A });
    expect(() => statSync(path.join(dir, "session-secret"))).toThrow();
  });

  it("chat: off by default and with the flag alone; with the flag and its four settings (https only) it reaches the browser", () => {
    expect(getPublicEnv(parseEnv({ DATA_DIR: tmpDataDir() })).chat).toBeNull();
    expect(getPublicEnv(parseEnv({ DATA_DIR: tmpDataDir(), SALESFORCE_CHAT: "true" })).chat).toBeNull();
    const on = {
      DATA_DIR: tmpDataDir(),
      SALESFORCE_CHAT: "true",
      SALESFORCE_CHAT_ORG_ID: "00D5e000000AbCdEAB",
      SALESFORCE_CHAT_DEPLOYMENT: "Patient_Chat",
      SALESFORCE_CHAT_SITE_URL: "https://acme.my.site.com/ESWPatientChat/",
      SALESFORCE_CHAT_SCRT_URL: "https://acme.my.salesforce-scrt.com",
    };
    expect(getPublicEnv(parseEnv(on)).chat).toEqual({ orgId: "00D5e000000AbCdEAB", deployment: "Patient_Chat", siteUrl: "https://acme.my.site.com/ESWPatientChat", scrtUrl: "https://acme.my.salesforce-scrt.com" });
    expect(() => parseEnv({ ...on, SALESFORCE_CHAT_SITE_URL: "http://acme.my.site.com" })).toThrow(/SALESFORCE_CHAT_SITE_URL/);
  });
});
