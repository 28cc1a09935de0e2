import path from "node:path";
import { createReadableStreamFromReadable, createRequestHandler, writeReadableStreamToWritable, type ServerBuild } from "@remix-run/node";
import type { RequestHandler, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { databaseUnavailableReason } from "~/db/unavailable";
import { chosenLocale } from "~/i18n/locale.server";
import { isStaffPath } from "~/i18n/namespaces";
import { cookies } from "~/platform/cookies.server";
import { campaignCookies } from "~/platform/page-state.server";
import { wholeBodyOf } from "~/platform/whole-body.server";
import { withBody } from "./request-guards.server";

/** The Remix build that `npm run build` wrote (build/index.js). */
export async function loadRemixBuild(): Promise<ServerBuild> {
  return (await import(path.resolve("build/index.js"))) as ServerBuild;
}

/** The bundle's answer while the database is away (entry.server's `databaseUnavailable`): a 503 Response. */
type UnavailableAnswer = (request: Request, posted: FormData | null) => Promise<Response>;

/**
 * Every route's loader and action, answering 503 instead of 500 when the database is away (decision 028): an error
 * that says so (app/db/unavailable.ts) becomes the bundle's answer — thrown by a loader (the error page), returned
 * by an action (its form again, with what was posted). One place for every route, present and future; any other
 * error goes on as before. `counted` hears each such answer (the metrics), with the reason for the log.
 */
export function answerDatabaseOutages(build: ServerBuild, counted: (answer: "page" | "form") => void = () => {}): ServerBuild {
  const answer = (build.entry.module as { databaseUnavailable?: UnavailableAnswer }).databaseUnavailable;
  if (!answer) throw new Error("entry.server must export databaseUnavailable (decision 028)");
  const unavailable = (error: unknown, kind: "page" | "form") => {
    const reason = databaseUnavailableReason(error);
    if (!reason) return false;
    console.warn(`[db] unavailable (${reason}): answered 503`);
    counted(kind);
    return true;
  };
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const { loader, action } = route.module;
    const module = { ...route.module };
    if (loader) {
      module.loader = async (args) => {
        try {
          return await loader(args);
        } catch (error) {
          if (!unavailable(error, "page")) throw error;
          throw await answer(args.request, null);
        }
      };
    }
    if (action) {
      module.action = async (args) => {
        // A form's own fields, kept aside to write back (an upload is not copied: its page is answered without it).
        const form = /^application\/x-www-form-urlencoded/i.test(args.request.headers.get("Content-Type") ?? "") ? args.request.clone() : null;
        try {
          return await action(args);
        } catch (error) {
          if (!unavailable(error, "form")) throw error;
          return answer(args.request, form ? await form.formData().catch(() => new FormData()) : new FormData());
        }
      };
    }
    routes[id] = { ...route, module };
  }
  return { ...build, routes };
}

/**
 * The Remix build answering every request left, with the load context our routes read. Remix's Express adapter,
 * but for the answer: a page the entry rendered whole (wholeResponse) is written with one `res.end` instead of
 * being read back chunk by chunk from the Response's web stream (issue 22, decision 019); every other body
 * (a loader's JSON, a file, a stream) is copied from its stream exactly as the adapter does.
 */
export function remixPages(build: ServerBuild, { production }: { production: boolean }): RequestHandler {
  const handle = createRequestHandler(build, production ? "production" : "development");
  return async (req, res, next) => {
    try {
      const request = remixRequest(res.locals.body !== undefined ? withBody(req, res.locals.body as Buffer) : req, res);
      const response = await handle(request, {
        nonce: res.locals.nonce as string,
        clientIp: res.locals.clientIp as string,
        uploadTooLarge: res.locals.uploadTooLarge === true,
        writesWholeBody: true, // sendResponse writes a rendered page itself: its Response need not carry it
      });
      const redirects = (response.status >= 300 && response.status < 400) || response.headers.has("X-Remix-Redirect"); // a document's, or a navigation's
      if (request.method === "GET" && redirects) for (const setCookie of keptOnRedirect(request)) res.append("Set-Cookie", setCookie);
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * A redirect (a step's guard, /booking's resume) answers before the root loader runs, which is where a page keeps what
 * its URL carries: a campaign link's utm, gclid and referral code, and the language `?lang=` chose, are kept here
 * instead, so they reach the page the redirect leads to (spec: read on any page).
 */
function keptOnRedirect(request: Request): string[] {
  const url = new URL(request.url);
  const locale = isStaffPath(url.pathname) ? null : chosenLocale(request);
  return [...campaignCookies(url), ...(locale ? [cookies.language(locale)] : [])];
}

/**
 * The web Request Remix reads, built as @remix-run/express 2.17's `createRemixRequest` builds it (that function is not
 * part of the package's public API: decision 047): the URL from the protocol and host Express trusts (`trust proxy`)
 * with the port of `X-Forwarded-Host` or `Host`, every header (repeated ones appended), the body as a stream, and an
 * abort signal that fires when the client goes away before the answer is finished.
 */
function remixRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const portOf = (host: string | undefined) => Number.parseInt(host?.split(":")[1] ?? "", 10);
  const port = [portOf(req.get("X-Forwarded-Host")), portOf(req.get("host"))].find(Number.isSafeInteger);
  const url = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else if (values) headers.set(key, values);
  }
  let controller: AbortController | null = new AbortController();
  const signal = controller.signal;
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(url.href, {
    method: req.method,
    headers,
    signal,
    ...(hasBody ? { body: createReadableStreamFromReadable(req), duplex: "half" } : {}),
  } as RequestInit);
}

/** As @remix-run/express's sendRemixResponse (status, every header appended, Set-Cookie one by one), but a whole body in one write. */
async function sendResponse(res: ExpressResponse, response: Response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers) res.append(key, value);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  const whole = wholeBodyOf(response);
  if (whole !== undefined) res.end(whole);
  else if (!response.body) res.end();
  else await writeReadableStreamToWritable(response.body, res);
}
