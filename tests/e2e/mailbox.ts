/**
 * A real SMTP server for e2e specs: the app's outbox worker delivers to it (SMTP_URL in
 * playwright.config.ts), and a spec reads what a patient would find in their inbox.
 */
import { expect, type Page } from "@playwright/test";
import { test } from "./support";
import { captureRawEmail, noteEmailReceived } from "../standards/captured";
import { mimeParts } from "../standards/mime";
import { SMTPServer } from "smtp-server";

const SMTP_PORT = Number(
  process.env.E2E_SMTP_PORT ?? Number(process.env.E2E_PORT ?? 3210) + 1
);

type Mail = { to: string[]; raw: string };

/** Quoted-printable undone: soft breaks dropped, each run of "=XX" escapes read back as the UTF-8 bytes they are. */
const unquote = (text: string) =>
  text
    .replace(/=\r?\n/g, "")
    .replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replace(/=/g, ""), "hex").toString("utf8"));

/** RFC 2047 encoded words ("=?utf-8?q?su_cita?=") in the headers as text; the space between two of them is not text. */
const unwordHeaders = (headers: string) =>
  headers
    .replace(/(\?=)\s+(?==\?)/g, "$1")
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, how: string, text: string) =>
      how.toLowerCase() === "b" ? Buffer.from(text, "base64").toString("utf8") : unquote(text.replace(/_/g, " "))
    );

/**
 * The email as a patient's mail client shows it: the subject's encoded words and quoted-printable undone (as UTF-8,
 * so accents read right), so links read whole, and the calendar part (base64 since decision 017) decoded after it,
 * so a spec can read its UID and METHOD.
 */
const decode = (raw: string) => {
  const end = raw.search(/\r?\n\r?\n/);
  const [headers, body] = end < 0 ? [raw, ""] : [raw.slice(0, end), raw.slice(end)];
  return [
    unwordHeaders(headers) + unquote(body),
    ...mimeParts(raw)
      .filter((part) => /^text\/calendar/i.test(part.contentType))
      .map((part) => part.body),
  ].join("\r\n");
};

/** Starts the server before the spec's tests and stops it after; returns how to read what arrived. */
export function useMailbox() {
  const mails: Mail[] = [];
  let smtp: SMTPServer;
  test.beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, callback) {
        let raw = "";
        stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
        stream.on("end", () => {
          // Every email the app sends here goes to the validator (its HTML) and the .ics checks (its calendar part).
          noteEmailReceived();
          captureRawEmail(raw, `email to the e2e mailbox: ${/^Subject: (.*)$/m.exec(raw)?.[1] ?? "?"}`);
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) =>
      smtp.listen(SMTP_PORT, "127.0.0.1", resolve)
    );
  });
  test.afterAll(
    () => new Promise<void>((resolve) => smtp.close(() => resolve()))
  );

  /** The newest email to the address whose subject matches, as delivered by the app's outbox worker. */
  async function mailTo(address: string, subject: RegExp): Promise<string> {
    let found: string | undefined;
    await expect
      .poll(
        () => {
          found = mails
            .filter((m) => m.to.includes(address))
            .map((m) => decode(m.raw))
            .reverse()
            // Long headers are folded onto several lines (RFC 5322 §2.2.3): unfold the subject.
            .find((m) =>
              subject.test(
                m
                  .match(/^Subject: (.*(?:\r?\n[ \t].*)*)$/m)?.[1]
                  .replace(/\r?\n[ \t]/g, " ") ?? ""
              )
            );
          return Boolean(found);
        },
        { timeout: 30_000, message: `an email to ${address} about ${subject}` }
      )
      .toBe(true);
    return found!;
  }
  return { mailTo };
}

export const uniqueEmail = (what: string) =>
  `${what}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/**
 * Presses the form's button and waits for the server's answer to the post (with JavaScript a fetch, without a
 * document request), so a slow machine does not race the next assertion.
 */
export async function next(page: Page, name: string | RegExp = "Continue") {
  const answered = page.waitForResponse(
    (r) => r.request().method() === "POST",
    { timeout: 30_000 }
  );
  await page
    .getByRole("button", { name, exact: typeof name === "string" })
    .click();
  await answered;
  await page.waitForLoadState("load");
}
