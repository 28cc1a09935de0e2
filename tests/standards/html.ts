/**
 * The W3C Nu Html Checker (npm `vnu-jar`, Java 11+) over many documents in one run: one JVM start for a whole
 * suite's pages and emails, not one per page. Zero errors is the bar; a warning fails too unless it is listed
 * in ACCEPTED_WARNINGS with its reason (decision 017).
 */
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { readdirSync } from "node:fs";
import path from "node:path";

const vnuJar = String(createRequire(import.meta.url)("vnu-jar"));

/** Warnings we accept, each with why (also in decision 017); `kind` is the captured file's prefix ("email-"). */
const ACCEPTED_WARNINGS: { kind: string; message: RegExp; why: string }[] = [
  {
    kind: "email-",
    message: /^The “(width|cellpadding|cellspacing|align)” attribute on the “(table|td)” element is obsolete/,
    why: "Outlook for Windows lays out email with Word's engine, which ignores CSS widths and padding on tables: the visit emails keep these attributes",
  },
];

export type HtmlProblem = { file: string; line?: number; type: string; message: string; extract?: string };

type VnuMessage = { type: string; subType?: string; url?: string; lastLine?: number; message: string; extract?: string };

/** Every error and unaccepted warning in the `.html` files of `dir` (the checker's "info" notes are not problems). */
export async function checkHtmlDir(dir: string): Promise<HtmlProblem[]> {
  if (!readdirSync(dir).some((f) => f.endsWith(".html"))) return [];
  const stderr = await new Promise<string>((resolve, reject) => {
    execFile(
      "java",
      ["-Xss8m", "-jar", vnuJar, "--format", "json", "--exit-zero-always", "--also-check-svg", "--skip-non-html", dir],
      { maxBuffer: 256 * 1024 * 1024 },
      (error, _stdout, err) => (error ? reject(new Error(`vnu.jar did not run (is Java installed?): ${error.message}\n${err}`)) : resolve(err)),
    );
  });
  const { messages } = JSON.parse(stderr) as { messages: VnuMessage[] };
  return messages
    .filter((m) => m.type === "error" || m.type === "non-document-error" || (m.type === "info" && m.subType === "warning"))
    .filter((m) => m.type !== "info" || !ACCEPTED_WARNINGS.some((w) => (m.url ?? "").includes(`/${w.kind}`) && w.message.test(m.message)))
    .map((m) => ({
      file: m.url ? path.basename(decodeURIComponent(m.url)) : "?",
      line: m.lastLine,
      type: m.type === "info" ? "warning" : m.type,
      message: m.message,
      extract: m.extract,
    }));
}
