import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import { CONTENTFUL_IMAGES_ORIGIN, contentfulSettings } from "~/content/source.server";
import { getPublicEnv, type Env } from "~/platform/env.server";
import { observabilityCsp } from "~/platform/observability";
import { checkoutOrigin } from "~/payments/provider.server";
import { referrerPolicyFor, securityHeaders } from "~/platform/security-headers.server";

/**
 * Every response's security headers, with a fresh CSP nonce per request (res.locals.nonce, for Remix's inline
 * scripts and styles), and the client's address as the trusted proxy hops name it (res.locals.clientIp).
 */
export function securityHeadersFor(env: Env): RequestHandler {
  const production = env.NODE_ENV === "production";
  const csp = observabilityCsp({ segmentWriteKey: env.SEGMENT_WRITE_KEY, chat: getPublicEnv(env).chat });
  // A real Contentful space's pictures come from its Images API; the embedded content's from this site.
  const contentImages = contentfulSettings("marketing", env) || contentfulSettings("profile", env) ? [CONTENTFUL_IMAGES_ORIGIN] : [];
  const checkout = checkoutOrigin(env);
  return (req, res, next) => {
    res.locals.nonce = randomBytes(16).toString("base64");
    // Read before a post's body is replayed (request-guards), which keeps no socket.
    res.locals.clientIp = req.ip ?? "unknown";
    const query = req.originalUrl.indexOf("?");
    const referrerPolicy = referrerPolicyFor(req.path, query === -1 ? "" : req.originalUrl.slice(query + 1));
    res.set(securityHeaders({ nonce: res.locals.nonce, production, referrerPolicy, extraConnect: csp.connect, extraScript: csp.script, extraFrame: csp.frame, extraStyle: csp.style, extraImg: contentImages, extraFormAction: checkout ? [checkout] : [] }));
    next();
  };
}
