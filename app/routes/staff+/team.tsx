import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { readFormPost } from "~/flow/forms.server";
import { requireStaff } from "~/console/staff.server";
import { inviteFromForm, teamPage } from "~/console/team.server";
import { ConsoleForm, ConsolePage, Tag } from "~/ui/console";
import { RoleAndStudios } from "~/ui/console-team";
import { TextField } from "~/ui/form";

export const meta: MetaFunction = () => [{ title: "Team — Studio console" }];

/** Admins only (anyone else: 404): everyone with a console account, and an invitation form. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, ["admin"]);
  return json(await teamPage());
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireStaff(request, ["admin"]);
  const { form } = await readFormPost(request);
  return inviteFromForm(user, form);
}

const STATE_TONE = { active: "good", pending: undefined, expired: "warn", disabled: "bad" } as const;

export default function Team() {
  const { team, studios } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [query] = useSearchParams();
  return (
    <ConsolePage title="Team">
      {query.get("done") === "invited" ? (
        <p className="notice notice-success" role="status">
          Invitation sent. The link in the email works once, for 24 hours.
        </p>
      ) : null}
      <div className="table-scroll">
        <table className="console-table">
          <caption>Everyone with a console account</caption>
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Studios</th>
              <th scope="col">Account</th>
              <th scope="col">Last sign-in</th>
            </tr>
          </thead>
          <tbody>
            {team.map((m) => (
              <tr key={m.id}>
                <th scope="row">
                  <Link to={`/staff/team/${m.id}`}>{m.email}</Link>
                </th>
                <td>{m.roleLabel}</td>
                <td>{m.studios}</td>
                <td>
                  <Tag tone={STATE_TONE[m.state]}>{m.stateLabel}</Tag>
                </td>
                <td>{m.lastSignIn ?? "Never"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <section className="console-panel" aria-labelledby="invite-title">
        <h2 id="invite-title">Invite someone</h2>
        <p>They get an email with a one-time link (24 hours) to choose a password and add the console to an authenticator app.</p>
        <ConsoleForm result={result} submitLabel="Send the invitation">
          <TextField name="email" label="Work email" type="email" autoComplete="off" />
          <RoleAndStudios studios={studios} />
        </ConsoleForm>
      </section>
    </ConsolePage>
  );
}
