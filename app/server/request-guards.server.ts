import { Readable } from "node:stream";
import express from "express";
import { API_METHODS, isApiPath, methodNotAllowedBody } from "~/api/http.server";
import { isCrossSiteRequest } from "~/platform/csrf";
import { SMS_WEBHOOK_PATHS } from "~/sms/webhook.server";
import {
  ALLOWED_METHODS,
  BodyTooLarge,
  bodyLimitFor,
  countFields,
  isAllowedMethod,
  readBody,
  refusalPage,
  STRIPE_WEBHOOK_PATH,
} from "~/platform/http-guards.server";

/**
 * What is refused before Remix sees a request (the rules are in http-guards.server.ts): methods no route serves,
 * cross-site posts, and form bodies over their limit. A post's body is read here and kept in res.locals.body;
 * `withBody` replays it to Remix.
 */
export function requestGuards({ supportEmail }: { supportEmail: string }) {
  const refuse = (res: express.Response, status: number, title: string, message: string) => {
    res.status(status).set("Cache-Control", "no-store").type("html").send(refusalPage(title, message, supportEmail));
  };
  const router = express.Router();

  // The read API answers in JSON, whatever the method: anything but GET and HEAD is its 405 (issue 42 E).
  router.use((req, res, next) => {
    if (!isApiPath(req.path) || (API_METHODS as readonly string[]).includes(req.method)) return next();
    res.status(405).set({ Allow: API_METHODS.join(", "), "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" }).send(methodNotAllowedBody(req.method));
  });

  // TRACE, PUT, OPTIONS…: no route serves them (Remix would answer some with a 500).
  router.use((req, res, next) => {
    if (isAllowedMethod(req.method)) return next();
    res.set("Allow", ALLOWED_METHODS.join(", "));
    refuse(res, 405, "Not allowed", `This address does not accept ${req.method.replace(/[^A-Z-]/gi, "").slice(0, 20)} requests.`);
  });

  // A cross-site, opaque (`Origin: null`) or malformed Origin on a post: refused before anything reads it. Twilio's
  // webhooks are not browsers' posts: exempt, and only they — each checks its own signature (sms/webhook.server.ts).
  router.use((req, res, next) => {
    if (req.method === "POST" && (SMS_WEBHOOK_PATHS as readonly string[]).includes(req.path)) return next();
    const headers = new Headers();
    for (const name of ["origin", "host", "x-forwarded-host", "sec-fetch-site"]) {
      const value = req.get(name);
      if (value !== undefined) headers.set(name, value);
    }
    // Stripe's events are server to server (no browser, no cookies): their signature is their check (issue 32 C).
    if (req.path === STRIPE_WEBHOOK_PATH) return next();
    if (!isCrossSiteRequest(req.method, headers)) {
      // `Origin: null` accepted above is a no-referrer page of ours posting to itself (csrf.ts); Remix's own
      // origin check would abort it, so the opaque value is dropped once it has been judged.
      if (req.get("origin")?.trim() === "null") delete req.headers.origin;
      return next();
    }
    refuse(res, 403, "Form not accepted", "This form was sent from another site and was not accepted. Nothing was changed.");
  });

  // Form bodies are read here, within their limit (bytes and fields), and handed to Remix from memory.
  router.use((req, res, next) => {
    if (req.method !== "POST") return next();
    const limit = bodyLimitFor(req.path, req.get("content-type"));
    // The rest of the body is read and discarded so the client, still sending, can read the answer (cut off while
    // sending, it would see a reset instead of the page); a sender that goes on longer is disconnected.
    const discardRest = () => {
      req.resume();
      res.on("finish", () => {
        if (req.complete) return;
        const cutOff = setTimeout(() => req.socket.destroy(), 5_000).unref();
        req.once("end", () => clearTimeout(cutOff));
      });
    };
    const tooLarge = () => {
      discardRest();
      if (!limit.upload) {
        return refuse(res, 413, "Too much data", "What was sent is larger than this form accepts. Please go back and try again with less.");
      }
      // An upload page answers for itself (400, the form with the reason), given no body: never a 413 page.
      res.locals.body = Buffer.alloc(0);
      res.locals.uploadTooLarge = true;
      next();
    };
    const declared = Number(req.get("content-length") ?? 0);
    if (declared > limit.maxBytes) return tooLarge();
    readBody(req, limit.maxBytes).then(
      (body) => {
        if (countFields(body, req.get("content-type")) > limit.maxFields) {
          refuse(res, 413, "Too many fields", "This form was sent with far more fields than it has. Please go back and try again.");
          return;
        }
        res.locals.body = body;
        next();
      },
      (error) => {
        if (error instanceof BodyTooLarge) return tooLarge();
        if (!res.headersSent) refuse(res, 400, "Form not received", "The form did not arrive completely. Please try again.");
      },
    );
  });
  return router;
}

/**
 * The same request with its body replayed from memory (the guards have read it): the Remix adapter
 * reads only these properties of the request, and the body as a stream.
 */
export function withBody(req: express.Request, body: Buffer): express.Request {
  const replay = Readable.from([body], { objectMode: false });
  return Object.assign(replay, {
    method: req.method,
    headers: req.headers,
    originalUrl: req.originalUrl,
    hostname: req.hostname,
    protocol: req.protocol,
    get: (name: string) => req.get(name),
  }) as unknown as express.Request;
}
