import { createCookie } from "@remix-run/node";
import { getEnv } from "~/platform/env.server";

/**
 * The flow email keys of the spec (§3: signupEmail, verificationEmail, loginEmail, forgotPasswordEmail) and
 * the proof of a verified sign-up, carried between steps in one signed, HttpOnly, 30-minute cookie — never
 * in the URL. Each value carries its own expiry, checked here (a cookie's Max-Age is only a request).
 */
export type FlowKey = "signupEmail" | "verificationEmail" | "loginEmail" | "forgotPasswordEmail" | "verifiedSignupEmail";
type Flow = Partial<Record<FlowKey, { email: string; exp: number }>>;

const MAX_AGE_S = 30 * 60;

let cookie: ReturnType<typeof createCookie> | undefined;
function flowCookie() {
  const env = getEnv();
  cookie ??= createCookie("authFlow", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: env.NODE_ENV === "production",
    secrets: env.sessionSecrets,
    maxAge: MAX_AGE_S,
  });
  return cookie;
}

async function readFlow(request: Request): Promise<Flow> {
  const value: unknown = await flowCookie()
    .parse(request.headers.get("Cookie"))
    .catch(() => null);
  return value && typeof value === "object" ? (value as Flow) : {};
}

/** The address a flow key holds, if it is there and not expired. */
export async function readFlowEmail(request: Request, key: FlowKey, now = Date.now()): Promise<string | null> {
  const entry = (await readFlow(request))[key];
  return entry && typeof entry.email === "string" && typeof entry.exp === "number" && entry.exp > now ? entry.email : null;
}

/** Set-Cookie that sets (email) or removes (null) flow keys, keeping the others. */
export async function writeFlow(request: Request, changes: Partial<Record<FlowKey, string | null>>, now = Date.now()): Promise<string> {
  const flow = await readFlow(request);
  for (const [key, email] of Object.entries(changes) as [FlowKey, string | null][]) {
    if (email === null) delete flow[key];
    else flow[key] = { email, exp: now + MAX_AGE_S * 1000 };
  }
  if (Object.keys(flow).length === 0) return flowCookie().serialize("", { maxAge: 0 });
  return flowCookie().serialize(flow);
}
