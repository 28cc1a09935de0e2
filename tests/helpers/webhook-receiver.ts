import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type Received = { headers: IncomingHttpHeaders; body: string; path: string };

/**
 * A webhook receiver on loopback (integration and e2e tests): records every request; `answer` decides each status
 * (default 200; a 302 redirects to `/elsewhere`). `delayMs`: how long each answer takes at most (a random share of it),
 * so that senders racing each other interleave.
 */
export function webhookReceiver({ delayMs = 0 }: { delayMs?: number } = {}) {
  const received: Received[] = [];
  let answer: (r: Received) => number = () => 200;
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const r = { headers: req.headers, body, path: req.url ?? "" };
      received.push(r);
      const status = answer(r);
      const reply = () => {
        if (status === 302) res.writeHead(302, { Location: `${url()}/elsewhere` }).end();
        else res.writeHead(status).end("ok");
      };
      if (delayMs > 0) setTimeout(reply, Math.random() * delayMs);
      else reply();
    });
  });
  const url = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    received,
    url,
    answer: (fn: typeof answer) => (answer = fn),
    start: () => new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r())),
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}
