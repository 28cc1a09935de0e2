import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { fieldErrors, readFormPost, rejected } from "~/flow/forms.server";
import { memberSchema } from "~/console/schemas.server";
import { requireStaff } from "~/console/staff.server";
import { assignableStudios, findMember, resendInvitation, setDisabled, TEAM_REFUSALS, updateMember } from "~/console/team.server";
import { getDb } from "~/db/client.server";
import { ConsoleForm, ConsolePage, Tag } from "~/ui/console";
import { RoleAndStudios } from "~/ui/console-team";
import { ErrorSummary, FormStateProvider } from "~/ui/form";

export const meta: MetaFunction = () => [{ title: "Team member — Studio console" }];

const notFound = () => new Response("Not found", { status: 404 });

/** Admins only; an unknown id is a 404 like any other. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireStaff(request, ["admin"]);
  const db = await getDb();
  const member = await findMember(db, params.id);
  if (!member) throw notFound();
  return json({ member, studios: await assignableStudios(db), self: member.id === user.id });
}

const refused = (intent: string, values: Record<string, unknown>, error: Record<string, string[]>, status = 400) =>
  rejected(values, error, { intent, status });

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireStaff(request, ["admin"]);
  const db = await getDb();
  const member = await findMember(db, params.id);
  if (!member) throw notFound();
  const { form } = await readFormPost(request);
  const intent = String(form.get("intent") ?? "");
  const done = (what: string) => redirect(`/staff/team/${member.id}?done=${what}`, 303);
  if (intent === "update") {
    const values = { role: String(form.get("role") ?? ""), studios: form.getAll("studios").map(String).slice(0, 100) };
    const parsed = memberSchema.safeParse(values);
    if (!parsed.success) return refused(intent, values, fieldErrors(parsed.error));
    const known = new Set((await assignableStudios(db)).map((s) => s.slug));
    if (parsed.data.studios.some((s) => !known.has(s))) return refused(intent, values, { studios: ["Choose studios from the list."] });
    const outcome = await updateMember(user, member.id, parsed.data);
    if (!outcome.ok) return refused(intent, values, { "": [TEAM_REFUSALS[outcome.code]] }, 409);
    throw done("updated");
  }
  if (intent === "disable" || intent === "enable") {
    const outcome = await setDisabled(user, member.id, intent === "disable");
    if (!outcome.ok) return refused(intent, {}, { "": [TEAM_REFUSALS[outcome.code]] }, 409);
    throw done(intent === "disable" ? "disabled" : "enabled");
  }
  if (intent === "resend") {
    const outcome = await resendInvitation(user, member.id);
    if (!outcome.ok) return refused(intent, {}, { "": [TEAM_REFUSALS[outcome.code]] }, 409);
    throw done("resent");
  }
  return refused(intent, {}, { "": ["Reload the page and try again."] });
}

const DONE: Record<string, string> = {
  updated: "Saved. The change applies from their next page.",
  disabled: "Disabled. They were signed out everywhere and cannot sign in.",
  enabled: "Enabled again. They can sign in with their password and authenticator.",
  resent: "A new invitation was sent. The earlier link no longer works.",
};

export default function TeamMember() {
  const { member, studios, self } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [query] = useSearchParams();
  const done = DONE[query.get("done") ?? ""];
  const intent = result && "intent" in result ? result.intent : null;
  const pending = member.state === "pending" || member.state === "expired";
  return (
    <ConsolePage title={member.email}>
      <p>
        <Link to="/staff/team">← Team</Link>
      </p>
      {done ? (
        <p className="notice notice-success" role="status">
          {done}
        </p>
      ) : null}
      <dl className="console-dl">
        <dt>Role</dt>
        <dd>{member.roleLabel}</dd>
        <dt>Account</dt>
        <dd>
          <Tag tone={member.state === "active" ? "good" : member.state === "disabled" ? "bad" : undefined}>{member.stateLabel}</Tag>
          {member.invitationEnds ? ` The link ${member.state === "expired" ? "stopped working" : "works until"} ${member.invitationEnds}.` : null}
        </dd>
      </dl>
      <div className="console-actions">
        <section className="console-panel" aria-labelledby="role-title">
          <h2 id="role-title">Role and studios</h2>
          <ConsoleForm result={intent === "update" ? result : undefined} values={{ role: member.role, studios: member.studios }} submitLabel="Save role and studios">
            <input type="hidden" name="intent" value="update" />
            <RoleAndStudios studios={studios} />
          </ConsoleForm>
        </section>
        <section className="console-panel" aria-labelledby="access-title">
          <h2 id="access-title">Access</h2>
          <FormStateProvider result={intent && intent !== "update" ? result : undefined} values={undefined}>
            <ErrorSummary />
          </FormStateProvider>
          {pending ? (
            <Form method="post" reloadDocument className="form">
              <input type="hidden" name="intent" value="resend" />
              <p>They have not set up their account yet. A new link replaces the one sent before.</p>
              <button type="submit" className="button button-secondary">
                Send a new invitation
              </button>
            </Form>
          ) : null}
          <Form method="post" reloadDocument className="form">
            {member.state === "disabled" ? (
              <>
                <input type="hidden" name="intent" value="enable" />
                <p>Disabled: they cannot sign in.</p>
                <button type="submit" className="button button-secondary">
                  Enable again
                </button>
              </>
            ) : (
              <>
                <input type="hidden" name="intent" value="disable" />
                <p>{self ? "This is your own account: disabling it signs you out now." : "Disabling signs them out everywhere at once. Their history stays in the audit log."}</p>
                <button type="submit" className="button button-danger">
                  Disable the account
                </button>
              </>
            )}
          </Form>
        </section>
      </div>
    </ConsolePage>
  );
}
