import { randomBytes } from "node:crypto";
import { completeSetup, inviteStaff, staffCodeStep, staffPasswordStep, type Role } from "~/console/staff.server";
import { totpCode, TOTP_STEP_SECONDS } from "~/console/totp";
import type { Db } from "~/db/client.server";
import { staff } from "~/db/schema";
import { eq } from "drizzle-orm";

export const STAFF_PASSWORD = "a long staff passphrase 42";

/**
 * A staff member set up and signed in (both steps): the Cookie header value for /staff requests. Each code signs in
 * once per account, so the sign-in uses the step after the setup's (inside the one-step drift window).
 */
export async function signedInStaff(db: Db, role: Role, studios: string[] = []) {
  const email = `${role}-${randomBytes(4).toString("hex")}@example.com`;
  const invitation = await inviteStaff(db, { email, role, studios }, null);
  const [row] = await db.select({ secret: staff.totpSecret }).from(staff).where(eq(staff.email, email));
  const setup = await completeSetup(db, invitation.token, { password: STAFF_PASSWORD, code: totpCode(row!.secret!, new Date()) });
  if (!setup.ok) throw new Error(`setup failed: ${setup.code}`);
  const first = await staffPasswordStep({ email, password: STAFF_PASSWORD }, "192.0.2.1");
  const at = new Date(Date.now() + TOTP_STEP_SECONDS * 1000);
  const second = await staffCodeStep(new Request("http://localhost/staff/login/code", { headers: { Cookie: first!.split(";")[0]! } }), totpCode(row!.secret!, at), "192.0.2.1", at);
  if (!second) throw new Error("sign-in failed");
  const [me] = await db.select({ id: staff.id }).from(staff).where(eq(staff.email, email));
  return { email, id: me!.id, cookie: second.split(";")[0]! };
}
