import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { requireStaff } from "~/console/staff.server";
import { memberPage, memberPost } from "~/console/team.server";
import { ConsoleForm, ConsolePage, Tag } from "~/ui/console";
import { RoleAndStudios } from "~/ui/console-team";
import { ErrorSummary, FormStateProvider } from "~/ui/form";

export const meta: MetaFunction = () => [{ title: "Team member — Studio console" }];

/** Admins only; an unknown id is a 404 like any other. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireStaff(request, ["admin"]);
  return json(await memberPage(user, params.id));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireStaff(request, ["admin"]);
  return memberPost(user, params.id, request);
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
