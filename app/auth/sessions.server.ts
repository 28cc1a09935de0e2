import { createHash, randomBytes } from "node:crypto";
import { redirect } from "@remix-run/node";
import { and, eq, ne } from "drizzle-orm";
import { jwtVerify, SignJWT } from "jose";
import { getDb, type Db } from "~/db/client.server";
import { authSessions, persons } from "~/db/schema";
import { readCookies } from "~/platform/cookies.server";
import { getEnv } from "~/platform/env.server";
import { isMobileAppLoginStale } from "~/rules/mobile-app-login";

/**
 * Sessions (decision 010). The `idToken` cookie (spec §3) is a JWT (HS256, verified with an allow-list of
 * one algorithm against every SESSION_SECRET) whose content holds the email and the session id; the
 * session row decides: logged out, expired (absolute or idle) or ended elsewhere means logged out.
 */
const DAY = 86_400_000;
export const SESSION_LIFETIME = {
  browser: { absoluteMs: 30 * DAY, idleMs: 7 * DAY },
  /** In the app's web view a login lasts until the spec's staleness rule (60 days, §5) asks for a new one. */
  webView: { absoluteMs: 60 * DAY, idleMs: 60 * DAY },
};
const TOUCH_EVERY_MS = 5 * 60_000;
const ISSUER = "dental-booking";

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const key = (secret: string) => new TextEncoder().encode(secret);

function idTokenCookie(value: string, maxAgeSeconds: number): string {
  const secure = getEnv().NODE_ENV === "production" ? "; Secure" : "";
  return `idToken=${value}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

/** Clears the idToken cookie. */
export const clearIdTokenCookie = () => idTokenCookie("", 0);

export const isWebViewRequest = (request: Request) => readCookies(request).web_view === "true";

/**
 * Starts a new session for the person (a fresh id at every login and reset) and returns its Set-Cookie.
 */
export async function createSession(db: Db, input: { personId: number; email: string; request: Request; now?: Date }): Promise<string> {
  const now = input.now ?? new Date();
  const webView = isWebViewRequest(input.request);
  const lifetime = webView ? SESSION_LIFETIME.webView : SESSION_LIFETIME.browser;
  const sessionId = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + lifetime.absoluteMs);
  await db.insert(authSessions).values({
    idHash: sha256(sessionId),
    personId: input.personId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    userAgent: (input.request.headers.get("user-agent") ?? "").slice(0, 300),
    inWebView: webView,
  });
  if (webView) await db.update(persons).set({ lastMobileAppLogin: now }).where(eq(persons.id, input.personId));
  const token = await signIdToken({ email: input.email, sessionId, expiresAt });
  return idTokenCookie(token, Math.floor(lifetime.absoluteMs / 1000));
}

export async function signIdToken({ email, sessionId, expiresAt }: { email: string; sessionId: string; expiresAt: Date }) {
  return new SignJWT({ email, sid: sessionId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key(getEnv().sessionSecrets[0]));
}

/** The idToken's content when it verifies (HS256 only; `alg: none`, tampered or expired tokens do not). */
async function readIdToken(request: Request): Promise<{ email: string; sessionId: string } | null> {
  const token = readCookies(request).idToken;
  if (!token || token.length > 4096) return null;
  for (const secret of getEnv().sessionSecrets) {
    try {
      const { payload } = await jwtVerify(token, key(secret), { algorithms: ["HS256"], issuer: ISSUER });
      if (typeof payload.email !== "string" || typeof payload.sid !== "string") return null;
      return { email: payload.email, sessionId: payload.sid };
    } catch {
      // the next secret (rotation)
    }
  }
  return null;
}

export type Patient = { personId: number; email: string; name: string; sessionIdHash: string };

/** The logged-in patient, or null. Every call reads the session row: an ended session is logged out at once. */
export async function getPatient(request: Request, now = new Date()): Promise<Patient | null> {
  const token = await readIdToken(request);
  if (!token) return null;
  const db = await getDb();
  const idHash = sha256(token.sessionId);
  const [row] = await db
    .select({ session: authSessions, person: { id: persons.id, email: persons.email, name: persons.name, lastMobileAppLogin: persons.lastMobileAppLogin } })
    .from(authSessions)
    .innerJoin(persons, eq(persons.id, authSessions.personId))
    .where(eq(authSessions.idHash, idHash));
  if (!row) return null;
  const lifetime = row.session.inWebView ? SESSION_LIFETIME.webView : SESSION_LIFETIME.browser;
  const expired = row.session.expiresAt <= now || now.getTime() - row.session.lastSeenAt.getTime() > lifetime.idleMs;
  if (expired) {
    await db.delete(authSessions).where(eq(authSessions.idHash, idHash));
    return null;
  }
  // Spec §5: in the web view, a login older than 60 days asks the patient to log in again.
  if (isWebViewRequest(request) && isMobileAppLoginStale(row.person.lastMobileAppLogin, now)) return null;
  if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(authSessions).set({ lastSeenAt: now }).where(eq(authSessions.idHash, idHash));
  }
  return { personId: row.person.id, email: row.person.email, name: row.person.name, sessionIdHash: idHash };
}

/** The logged-in patient, or a redirect to the login that comes back to this page. */
export async function requirePatient(request: Request): Promise<Patient> {
  const patient = await getPatient(request);
  if (patient) return patient;
  const url = new URL(request.url);
  throw redirect(`/login?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`);
}

/** Ends this request's session (logout). */
export async function endSession(request: Request): Promise<void> {
  const token = await readIdToken(request);
  if (!token) return;
  await (await getDb()).delete(authSessions).where(eq(authSessions.idHash, sha256(token.sessionId)));
}

/** Ends every session of the person, or every one but `keepIdHash` ("log out other devices"). */
export async function endSessions(db: Pick<Db, "delete">, personId: number, keepIdHash?: string): Promise<void> {
  await db
    .delete(authSessions)
    .where(keepIdHash ? and(eq(authSessions.personId, personId), ne(authSessions.idHash, keepIdHash)) : eq(authSessions.personId, personId));
}

/** A new idToken for the current session after the email changed (the session itself stays). */
export async function reissueIdToken(request: Request, personId: number, email: string): Promise<string | null> {
  const token = await readIdToken(request);
  if (!token) return null;
  const [row] = await (await getDb()).select().from(authSessions).where(eq(authSessions.idHash, sha256(token.sessionId)));
  if (!row || row.personId !== personId) return null;
  const fresh = await signIdToken({ email, sessionId: token.sessionId, expiresAt: row.expiresAt });
  return idTokenCookie(fresh, Math.max(0, Math.floor((row.expiresAt.getTime() - Date.now()) / 1000)));
}

export type ActiveSession = { idHash: string; userAgent: string; lastSeenAt: Date; createdAt: Date; inWebView: boolean };

/** The person's sessions still alive (not expired, not idle too long), the most recently used first. */
export async function activeSessions(db: Pick<Db, "select">, personId: number, now = new Date()): Promise<ActiveSession[]> {
  const rows = await db
    .select({ idHash: authSessions.idHash, userAgent: authSessions.userAgent, lastSeenAt: authSessions.lastSeenAt, createdAt: authSessions.createdAt, inWebView: authSessions.inWebView, expiresAt: authSessions.expiresAt })
    .from(authSessions)
    .where(eq(authSessions.personId, personId));
  return rows
    .filter((row) => {
      const lifetime = row.inWebView ? SESSION_LIFETIME.webView : SESSION_LIFETIME.browser;
      return row.expiresAt > now && now.getTime() - row.lastSeenAt.getTime() <= lifetime.idleMs;
    })
    .sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime())
    .map(({ expiresAt: _expires, ...row }) => row);
}
