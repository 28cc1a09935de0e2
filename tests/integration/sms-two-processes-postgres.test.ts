/**
 * Texts across two real server processes on one PostgreSQL database (issue 31 D), checked only through HTTP, the
 * database and the local server speaking Twilio's API (tests/helpers/twilio-server.ts; both processes' `twilio` SDK
 * pointed at it by TWILIO_API_URL), as an operator running two containers would:
 * - 60 texts due at once, both processes' "sms" jobs sending: each text reaches the provider once;
 * - the same inbound message (one MessageSid) posted to both processes at the same moment: handled once (one reply
 *   recorded, one answer sent), both posts answered 200;
 * - an unsigned or mis-signed post to /sms/inbound or /sms/status: 403 from either process, nothing recorded;
 * - neither process logs a number or a message's words.
 * Needs the build and TEST_DATABASE_URL (CI sets it).
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import twilio from "twilio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmptyPostgresDatabase, testPool } from "../helpers/db";
import { ROOT, startServer, stop, waitFor, type ServerChild } from "../helpers/process";
import { postSigned, startTwilioServer, type FakeTwilio } from "../helpers/twilio-server";

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (process.env.CI && !hasPostgres) throw new Error("CI must set TEST_DATABASE_URL for the two-process PostgreSQL tests");

const SITE = "https://dental.example.com";
const TEXTS = 60;
const phoneOf = (i: number) => `+1617555${String(6000 + i).padStart(4, "0")}`;

describe.skipIf(!hasPostgres)("texts on two server processes sharing one PostgreSQL database [postgres]", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "dental-sms-two-"));
  let database: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  let sql: pg.Pool;
  let fake: FakeTwilio;
  const servers: ServerChild[] = [];

  beforeAll(async () => {
    if (!existsSync(path.join(ROOT, "build/index.js"))) throw new Error("No build: run `npm run build` first");
    database = await createEmptyPostgresDatabase();
    sql = testPool(database.url);
    fake = await startTwilioServer();
    const env = {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      SESSION_SECRET: "two-process-sms-secret-0123456789abcdefghij",
      NODE_ENV: "production",
      SITE_ORIGIN: SITE,
      TWILIO_ACCOUNT_SID: fake.accountSid,
      TWILIO_AUTH_TOKEN: fake.authToken,
      TWILIO_FROM: fake.from,
      TWILIO_API_URL: fake.url,
    };
    // The first migrates and seeds; the second joins it.
    servers.push(await startServer(env));
    servers.push(await startServer(env));
  });
  afterAll(async () => {
    for (const server of servers) await stop(server, "SIGKILL").catch(() => undefined);
    await sql?.end();
    await database?.drop();
    await fake?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const rows = async <T>(text: string, values: unknown[] = []) => (await sql.query(text, values)).rows as T[];
  const count = async (text: string, values: unknown[] = []) => (await rows<{ n: number }>(text, values))[0]!.n;

  it("60 texts due at once, both processes sending: each reaches the provider once", async () => {
    // A slow provider (a batch of 20 takes 3 seconds): the other process's job runs while one is sending.
    fake.latencyMs = 150;
    // Due now, for Fenway (as a staff answer is: no visit, no quiet hours), in one statement: both jobs find them.
    await sql.query(
      `insert into sms_outbox (dedupe_key, kind, "to", body, studio_slug, quiet_zone, capped, send_at)
       select 'two:' || i, 'staff', '+1617555' || lpad((6000 + i)::text, 4, '0'), 'Studio Dental Fenway: note ' || i, 'fenway', null, false, now()
       from generate_series(0, ${TEXTS - 1}) as i`,
    );
    await waitFor(
      async () => (await count("select count(*)::int as n from sms_outbox where status = 'SENT' and dedupe_key like 'two:%'")) === TEXTS || undefined,
      120_000,
      "every text sent",
    );
    const sent = fake.messages.filter((m) => m.body.startsWith("Studio Dental Fenway: note "));
    expect(sent).toHaveLength(TEXTS);
    expect(new Set(sent.map((m) => m.to)).size).toBe(TEXTS);
    const stored = await rows<{ provider_sid: string; attempts: number }>("select provider_sid, attempts from sms_outbox where dedupe_key like 'two:%'");
    expect(stored.map((r) => r.provider_sid).sort()).toEqual(sent.map((m) => m.sid).sort());
    expect(stored.every((r) => r.attempts === 1)).toBe(true);
    fake.latencyMs = 0;
  });

  it("the same inbound message posted to both processes at once is handled once; each post is answered 200", async () => {
    const from = phoneOf(7);
    const fields = { AccountSid: fake.accountSid, ApiVersion: "2010-04-01", Body: "HELP", From: from, MessageSid: `SM${"ab".repeat(16)}`, NumMedia: "0", To: fake.from };
    const answers = await Promise.all(servers.map((s) => postSigned(`${s.url}/sms/inbound`, fields, fake.authToken, `${SITE}/sms/inbound`)));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    for (const a of answers) expect(await a.text()).toContain("<Response></Response>");
    expect(await rows("select handled_as, studio_slug from sms_inbound where message_sid = $1", [fields.MessageSid])).toEqual([{ handled_as: "help", studio_slug: "fenway" }]);
    await waitFor(async () => (await count("select count(*)::int as n from sms_outbox where kind = 'help' and status = 'SENT'")) === 1 || undefined, 60_000, "the HELP answer sent");
    expect(await count("select count(*)::int as n from sms_outbox where kind = 'help'")).toBe(1);
    expect(fake.messages.filter((m) => m.to === from && m.body.includes("Reply STOP to stop"))).toHaveLength(1);
  });

  it("unsigned or mis-signed posts are refused with 403 by either process, and nothing is recorded", async () => {
    const fields = { AccountSid: fake.accountSid, Body: "C", From: phoneOf(8), MessageSid: `SM${"cd".repeat(16)}`, To: fake.from };
    const wrongToken = twilio.getExpectedTwilioSignature("f".repeat(32), `${SITE}/sms/inbound`, fields);
    const signed = twilio.getExpectedTwilioSignature(fake.authToken, `${SITE}/sms/inbound`, fields);
    const status = { MessageSid: `SM${"ef".repeat(16)}`, MessageStatus: "delivered" };
    for (const server of servers) {
      const inbound = `${server.url}/sms/inbound`;
      expect((await postSigned(inbound, fields, fake.authToken, `${SITE}/sms/inbound`, null)).status).toBe(403);
      expect((await postSigned(inbound, fields, fake.authToken, `${SITE}/sms/inbound`, wrongToken)).status).toBe(403);
      // Signed for the other webhook's URL, or a field changed after signing.
      expect((await postSigned(inbound, fields, fake.authToken, `${SITE}/sms/status`)).status).toBe(403);
      expect((await postSigned(inbound, { ...fields, Body: "STOP" }, fake.authToken, `${SITE}/sms/inbound`, signed)).status).toBe(403);
      expect((await postSigned(`${server.url}/sms/status`, status, fake.authToken, `${SITE}/sms/status`, wrongToken)).status).toBe(403);
    }
    expect(await rows("select id from sms_inbound where message_sid = $1", [fields.MessageSid])).toEqual([]);
    expect(await rows("select phone from sms_numbers where phone = $1", [fields.From])).toEqual([]);
  });

  it("neither process logged a number or a text's words", () => {
    const logs = servers.map((s) => s.stdout() + s.stderr()).join("\n");
    expect(logs).toMatch(/POST \/sms\/inbound (200|403)/);
    expect(logs).not.toContain("555600");
    expect(logs).not.toContain("Studio Dental Fenway: note");
    expect(logs).not.toMatch(/Reply STOP/);
  });
});
