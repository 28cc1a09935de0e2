/** The one-time setup link (decision 026): its page (a QR code and the secret as text) and its post. */
import { json } from "@remix-run/node";
import { passwordProblem } from "~/auth/passwords.server";
import { getDb } from "~/db/client.server";
import { readFormPost, rejected, validateForm } from "~/flow/forms.server";
import { setupQrSvg } from "./qr.server";
import { consoleWords, setupSchema } from "./schemas.server";
import { completeSetup, findSetup, setupWasUsed } from "./staff.server";

const notFound = () => new Response("Not found", { status: 404 });

/** The link's page; an unknown or expired token is a 404, a used one says so. */
export async function setupPage(token = "") {
  const db = await getDb();
  const setup = await findSetup(db, token);
  // Remix draws the page again after the setup post: a used link then says so (the codes come from the action).
  if (!setup && (await setupWasUsed(db, token))) return { used: true as const, email: "", secret: "", qr: "" };
  if (!setup) throw notFound();
  return { used: false as const, email: setup.email, secret: setup.totpSecret, qr: await setupQrSvg(setup.totpSecret, setup.email) };
}

/** The post: a password (the policy, typed twice) and a code of the new authenticator; the recovery codes, once. */
export async function submitSetup(request: Request, token = "") {
  const db = await getDb();
  const setup = await findSetup(db, token);
  if (!setup) throw notFound();
  const { form } = await readFormPost(request);
  const parsed = await validateForm(form, setupSchema, consoleWords(), undefined, { hide: ["password", "confirm", "code"] });
  if (!parsed.ok) return parsed.response;
  const problem = await passwordProblem(parsed.value.password, setup.email);
  if (problem) return rejected({}, { password: [problem] });
  if (parsed.value.confirm !== parsed.value.password) return rejected({}, { confirm: ["The two passwords are not the same."] });
  const done = await completeSetup(db, token, { password: parsed.value.password, code: parsed.value.code });
  if (!done.ok && done.code === "gone") throw notFound();
  if (!done.ok) return rejected({}, { code: ["That code is not right. Check the app shows the studio console, wait for the next code and enter it."] });
  return json({ status: "success" as const, recoveryCodes: done.recoveryCodes });
}
