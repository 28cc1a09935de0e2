import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { Nonce } from "./nonce";

// As Remix's default entry.server (streamed; the bench sends no bot user agent), with the server's CSP nonce.
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = (loadContext as { nonce?: string }).nonce ?? "";
  return new Promise<Response>((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(
      <Nonce.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </Nonce.Provider>,
      {
        nonce,
        onShellReady() {
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError: reject,
      },
    );
    setTimeout(abort, 5_000);
  });
}

/** The project's server.ts serves this app too and requires the outage answer (decision 028); the bare page never gives it. */
export async function databaseUnavailable() {
  return new Response("Service unavailable", { status: 503 });
}
