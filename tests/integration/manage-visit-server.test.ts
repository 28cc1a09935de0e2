/**
 * Managing a visit through two real production servers on one PostgreSQL database, from outside (HTTP and
 * the database only), as an operator running two containers would:
 * - 20 patients move their visits into one free time at once, 10 through each process: exactly one wins,
 *   the other 19 are told the time went, and every loser keeps their own time;
 * - another patient's visit is a 404 in the patient area, as is any unknown token; logged out, it asks to log in;
 * - garbage to the cancel and reschedule forms answers 400 (or 409 for a stale page), never a 5xx.
 * Needs the build (`npm test` builds before vitest) and TEST_DATABASE_URL (CI sets it).
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBookingCookie } from "~/booking/cookie.server";
import type { BookingState } from "~/booking/state";
import { completeState } from "../fixtures/booking-states";
import { client, signUp } from "../helpers/browser";
import { createEmptyPostgresDatabase, testPool } from "../helpers/db";
import { ROOT, startServer, stop, type ServerChild } from "../helpers/process";

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (process.env.CI && !hasPostgres)
  throw new Error(
    "CI must set TEST_DATABASE_URL for the two-process PostgreSQL tests"
  );

const SECRET = "manage-visit-test-secret-0123456789abcdefghij";
const cookie = createBookingCookie({ secrets: [SECRET], secure: true });
const jar = async (state: BookingState) =>
  (await cookie.serialize(state)).split(";")[0];
const HOUR = 3600_000;

describe.skipIf(!hasPostgres)(
  "managing visits on two production servers, one PostgreSQL database [postgres]",
  () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "dental-manage-"));
    let database: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
    let sql: pg.Pool;
    let a: ServerChild;
    let b: ServerChild;
    const env = () => ({
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      SESSION_SECRET: SECRET,
      NODE_ENV: "production",
      DEV_ROUTES: "true",
      SITE_ORIGIN: "https://dental.example.com",
    });

    beforeAll(async () => {
      if (!existsSync(path.join(ROOT, "build/index.js")))
        throw new Error("No build: run `npx remix build` first");
      database = await createEmptyPostgresDatabase();
      sql = testPool(database.url);
      a = await startServer(env()); // migrates and seeds first
      b = await startServer(env());
    });
    afterAll(async () => {
      for (const server of [a, b])
        if (server) await stop(server, "SIGKILL").catch(() => undefined);
      await sql?.end();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const rows = async <T>(text: string, values: unknown[] = []) =>
      (await sql.query(text, values)).rows as T[];

    /** Fenway's free cleaning times of one week, from the times page as a patient reads them. */
    async function weekTimes(week: number) {
      const state = completeState("cleaning");
      const page = await (
        await fetch(`${a.url}/booking/times?week=${week}`, {
          headers: { Cookie: await jar(state) },
        })
      ).text();
      const days = [
        ...new Set(
          [...page.matchAll(/day=(\d{4}-\d{2}-\d{2})/g)].map((m) => m[1])
        ),
      ];
      const times: string[] = [];
      for (const day of days) {
        const html = await (
          await fetch(`${a.url}/booking/times?week=${week}&day=${day}`, {
            headers: { Cookie: await jar(state) },
          })
        ).text();
        times.push(
          ...[
            ...html.matchAll(
              /<input type="radio" name="slot"[^>]*? value="([^"]+)"/g
            ),
          ].map((m) => m[1])
        );
      }
      return times;
    }

    /** Books a cleaning at Fenway through the confirmation page (JavaScript off); returns the visit's token. */
    async function book(startsAt: string, email: string) {
      const state = completeState("cleaning", {
        email,
        slot: {
          startsAt,
          endsAt: new Date(new Date(startsAt).getTime() + HOUR).toISOString(),
        },
      });
      const res = await fetch(`${a.url}/booking/confirmation`, {
        method: "POST",
        headers: {
          Cookie: await jar(state),
          Origin: a.url,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: "",
        redirect: "manual",
      });
      const token = /^\/booking\/confirmed\/([^/?]+)/.exec(
        res.headers.get("location") ?? ""
      )?.[1];
      if (!token)
        throw new Error(
          `booking at ${startsAt} failed: ${res.status} ${res.headers.get(
            "location"
          )}`
        );
      return token;
    }

    const post = (
      server: ServerChild,
      pathname: string,
      form: Record<string, string>
    ) =>
      fetch(server.url + pathname, {
        method: "POST",
        headers: {
          Origin: server.url,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams(form),
        redirect: "manual",
      });

    const visits: { token: string; startsAt: string; email: string }[] = [];

    it("20 patients moving their visits into one free time at once, across both processes: exactly one wins", async () => {
      // Twenty visits at distinct hours two and three weeks ahead.
      const later = [...(await weekTimes(2)), ...(await weekTimes(3))];
      const spaced: string[] = [];
      for (const t of later)
        if (
          !spaced.length ||
          new Date(t).getTime() - new Date(spaced.at(-1)!).getTime() >= HOUR
        )
          spaced.push(t);
      for (let i = 0; i < 20; i++) {
        const email = `mover-${i}@example.com`;
        visits.push({
          token: await book(spaced[i], email),
          startsAt: spaced[i],
          email,
        });
      }
      // One time next week with one of Fenway's two hygienists already taken: room for exactly one more.
      const [target] = await weekTimes(1);
      await book(target, "blocker@example.com");

      const answers = await Promise.all(
        visits.map(async (v, i) => {
          const res = await post(
            i % 2 ? b : a,
            `/booking/confirmed/${v.token}/reschedule`,
            { sequence: "0", slot: target }
          );
          return {
            status: res.status,
            location: res.headers.get("location"),
            text: await res.text(),
          };
        })
      );
      expect(answers.filter((x) => x.status >= 500)).toEqual([]);
      const winners = answers.filter((x) => x.status === 303);
      expect(winners).toHaveLength(1);
      expect(winners[0].location).toMatch(
        /^\/booking\/confirmed\/[^/]+\?moved=1$/
      );
      const losers = answers.filter((x) => x.status === 409);
      expect(losers).toHaveLength(19);
      expect(losers[0].text).toContain("someone just booked that time");

      const atTarget = await rows<{ n: number }>(
        "select count(*)::int as n from appointments where starts_at = $1 and status = 'CONFIRMED'",
        [target]
      );
      expect(atTarget[0].n).toBe(2);
      // Every loser keeps their own time; the winner's old time is free again (offered on the times page).
      const winnerToken = /confirmed\/([^/?]+)/.exec(winners[0].location!)![1];
      for (const v of visits.filter((v) => v.token !== winnerToken)) {
        const [row] = await rows<{ starts_at: Date; sequence: number }>(
          "select starts_at, sequence from appointments where token = $1",
          [v.token]
        );
        expect(row.starts_at.toISOString()).toBe(v.startsAt);
        expect(row.sequence).toBe(0);
      }
      const winner = visits.find((v) => v.token === winnerToken)!;
      expect([...(await weekTimes(2)), ...(await weekTimes(3))]).toContain(
        winner.startsAt
      );
      const mails = await rows<{ subject: string; ics: string }>(
        'select subject, ics from email_outbox where "to" = $1 order by id',
        [winner.email]
      );
      expect(mails.at(-1)!.subject).toContain("is moved to");
      expect(mails.at(-1)!.ics).toContain("SEQUENCE:1");
    });

    it("in the patient area another patient's visit is the same 404 as an unknown token; logged out, it asks to log in", async () => {
      const [mine, theirs] = visits;
      const patient = await signUp(a.url, mine.email); // the account claims the visits booked under its email
      expect(
        (await patient.request(`/profile/appointments/${mine.token}`)).status
      ).toBe(200);
      const other = await patient.request(
        `/profile/appointments/${theirs.token}`
      );
      const unknown = await patient.request(
        `/profile/appointments/${"x".repeat(32)}`
      );
      expect(other.status).toBe(404);
      expect(unknown.status).toBe(404);
      const main = (html: string) => /<main[\s\S]*<\/main>/.exec(html)![0];
      expect(main(other.text)).toBe(main(unknown.text));
      for (const suffix of ["", "/cancel", "/reschedule"]) {
        expect(
          (
            await patient.request(
              `/profile/appointments/${theirs.token}${suffix}`
            )
          ).status
        ).toBe(404);
        if (suffix)
          expect(
            (
              await patient.request(
                `/profile/appointments/${theirs.token}${suffix}`,
                {
                  sequence: "0",
                  shownFee: "none",
                  slot: "2030-01-01T15:00:00.000Z",
                }
              )
            ).status
          ).toBe(404);
      }
      const [row] = await rows<{ status: string }>(
        "select status from appointments where token = $1",
        [theirs.token]
      );
      expect(row.status).toBe("CONFIRMED");
      const stranger = client(b.url);
      const asked = await stranger.request(
        `/profile/appointments/${mine.token}`
      );
      expect(asked.status).toBe(302);
      expect(asked.location).toBe(
        `/login?redirectTo=${encodeURIComponent(
          `/profile/appointments/${mine.token}`
        )}`
      );
    });

    it("garbage to the cancel and reschedule forms answers 400 or 409, never a 5xx, and changes nothing", async () => {
      const { token } = visits[5];
      const garbage: Record<string, string>[] = [
        {},
        { sequence: "zero" },
        { sequence: "-1", shownFee: "none" },
        { sequence: "0", shownFee: "free please" },
        { sequence: "9".repeat(400), shownFee: "none" },
        { sequence: "0", slot: "tomorrow" },
        { sequence: "0", slot: "2030-13-45T99:00:00Z" },
        { sequence: "0", slot: "1999-01-01T15:00:00.000Z" },
        { sequence: "0", slot: "x".repeat(5000) },
        { sequence: "7", shownFee: "none", slot: "2030-01-01T15:00:00.000Z" },
      ];
      for (const server of [a, b]) {
        for (const form of garbage) {
          for (const action of ["cancel", "reschedule"]) {
            const res = await post(
              server,
              `/booking/confirmed/${token}/${action}`,
              form
            );
            expect(
              [400, 409],
              `${action} ${JSON.stringify(form).slice(0, 80)}`
            ).toContain(res.status);
            expect(await res.text()).toContain("There is a problem");
          }
        }
      }
      const [row] = await rows<{ status: string; sequence: number }>(
        "select status, sequence from appointments where token = $1",
        [token]
      );
      expect(row).toEqual({ status: "CONFIRMED", sequence: 0 });
      for (const action of ["", "/cancel", "/reschedule", "/calendar.ics"]) {
        expect(
          (await fetch(`${a.url}/booking/confirmed/${"y".repeat(32)}${action}`))
            .status
        ).toBe(404);
      }
    });
  }
);
