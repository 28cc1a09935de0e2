/**
 * The feed's HTTP answers (decision 064): public, cacheable for FEED_MAX_AGE_SECONDS, an ETag of the bytes and 304 to a
 * matching If-None-Match; the cache's gzip as it is when asked, unzipped otherwise. Query parameters are checked:
 * a malformed `_since` (SMART's optional "changes since", which a server may ignore — we do) is a 400, never a 500.
 */
import { z } from "zod/v4";
import { getDb } from "~/db/client.server";
import { getEnv } from "~/platform/env.server";
import { FEED_MAX_AGE_SECONDS, feedFile, feedManifest, feedText, type FeedFile } from "./feed.server";

const querySchema = z.object({ _since: z.iso.datetime({ offset: true }).max(40).optional() });
const FILE_NAME = /^[A-Za-z0-9.-]{1,90}\.ndjson$/;

function problem(status: number, message: string) {
  // FHIR's way to say what went wrong: an OperationOutcome.
  const body = { resourceType: "OperationOutcome", issue: [{ severity: "error", code: status === 404 ? "not-found" : "invalid", diagnostics: message }] };
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/fhir+json; charset=utf-8", "Cache-Control": "no-store" } });
}

function checkQuery(request: Request): Response | null {
  const url = new URL(request.url);
  const parsed = querySchema.safeParse(Object.fromEntries(url.searchParams));
  return parsed.success ? null : problem(400, `Bad query parameter: ${parsed.error.issues.map((i) => i.path.join(".")).join(", ")}`);
}

/** Whether If-None-Match names this ETag (a list, weak or strong, or *). */
const matches = (header: string | null, etag: string) =>
  header !== null && header.split(",").some((tag) => ["*", etag, `W/${etag}`].includes(tag.trim()));

async function answer(request: Request, file: FeedFile): Promise<Response> {
  const headers = new Headers({ "Cache-Control": `public, max-age=${FEED_MAX_AGE_SECONDS}`, ETag: file.etag, Vary: "Accept-Encoding" });
  if (matches(request.headers.get("If-None-Match"), file.etag)) return new Response(null, { status: 304, headers });
  headers.set("Content-Type", `${file.type}; charset=utf-8`);
  if (/\bgzip\b/.test(request.headers.get("Accept-Encoding") ?? "")) {
    headers.set("Content-Encoding", "gzip");
    return new Response(new Uint8Array(file.gzip), { headers });
  }
  return new Response(await feedText(file), { headers });
}

/** GET /fhir/$bulk-publish (the manifest) and /fhir/{Location|Schedule|Slot-studio}.ndjson (its files). */
export async function feedResponse(request: Request, name: string | undefined) {
  const bad = checkQuery(request);
  if (bad) return bad;
  const db = await getDb();
  const origin = getEnv().SITE_ORIGIN;
  if (name === "$bulk-publish") return answer(request, await feedManifest(db, origin));
  const file = name && FILE_NAME.test(name) ? await feedFile(db, origin, name) : null;
  return file ? answer(request, file) : problem(404, "No such file in this feed; see /fhir/$bulk-publish.");
}
