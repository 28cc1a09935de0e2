import { Transform, type TransformCallback } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { cookies, readCookies } from "~/platform/cookies.server";
import { redactForLog } from "~/platform/redact";
import { isWebView } from "~/rules/web-view";
import { NonceContext } from "~/ui/nonce";
import { SITE_STYLESHEETS, SiteStylesContext } from "~/ui/site-styles";
import { builtStylesheets } from "~/platform/site-styles.server";

const ABORT_DELAY = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = (loadContext as { nonce?: string }).nonce ?? "";
  // Spec §4: a web-view page (route id or the app's cookie) keeps the web view's mode on the next pages.
  const routeIds = remixContext.staticHandlerContext.matches.map((m) => m.route.id);
  if (isWebView({ routeIds, webViewCookie: readCookies(request).web_view ?? null })) responseHeaders.append("Set-Cookie", cookies.webView());
  // Bots and no-JS clients get the whole document at once; browsers get it streamed.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "");
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Cleared once the page is written: a pending timer would keep the whole render in memory for 5 s per request.
    const abortTimer = setTimeout(() => abort(), ABORT_DELAY);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <SiteStylesContext.Provider value={builtStylesheets(SITE_STYLESHEETS)}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </SiteStylesContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new OneChunkPerTurn();
          body.once("close", () => clearTimeout(abortTimer));
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error("[render]", redactForLog(error));
        },
      },
    );
  });
}

/**
 * React writes a page in many pieces of a few KB, each then read through a web stream and written to the
 * socket on its own; here the pieces written in one turn of the event loop go on as one (a page without
 * Suspense is one piece). A CPU profile of /booking/markets under load had ≈ 17 % in socket writes (decision 013).
 */
class OneChunkPerTurn extends Transform {
  private pending: Buffer[] = [];
  private scheduled = false;
  _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.pending.push(chunk);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.pushPending());
    }
    done();
  }
  _flush(done: TransformCallback) {
    this.pushPending();
    done();
  }
  private pushPending() {
    this.scheduled = false;
    if (this.pending.length > 0) this.push(this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending));
    this.pending = [];
  }
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // Message and stack only: never the request body or query.
  console.error("[error]", redactForLog(error));
  (globalThis as { __reportError?: (error: unknown) => void }).__reportError?.(error);
}
