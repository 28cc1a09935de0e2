import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { clientIp, readFormPost } from "~/flow/forms.server";
import { accountPage, accountPost } from "~/console/account.server";
import { requireStaff } from "~/console/staff.server";
import { ConsoleForm, ConsolePage, SelectField, ShownOnce } from "~/ui/console";
import { PasswordField } from "~/ui/form-fields";

export const meta: MetaFunction = () => [{ title: "Your account — Studio console" }];

/** A staff member's own account: their sign-ins, a new password, new recovery codes, sign out everywhere. */
export async function loader({ request }: LoaderFunctionArgs) {
  return json(await accountPage(await requireStaff(request)));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireStaff(request);
  const { form } = await readFormPost(request);
  return accountPost(user, form, clientIp(context));
}

export default function StaffAccount() {
  const { email, roleLabel, studios, signIns, calendar } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [query] = useSearchParams();
  const intent = result?.intent;
  const recoveryCodes = result && "recoveryCodes" in result ? result.recoveryCodes : null;
  const feedUrl = result && "feedUrl" in result ? result.feedUrl : null;
  return (
    <ConsolePage title="Your account">
      {query.get("done") === "password" ? (
        <p className="notice notice-success" role="status">
          Your password is changed. Every other device was signed out.
        </p>
      ) : null}
      <dl className="console-dl">
        <dt>Email</dt>
        <dd>{email}</dd>
        <dt>Role</dt>
        <dd>{roleLabel}</dd>
        <dt>Studios</dt>
        <dd>{studios}</dd>
      </dl>
      {recoveryCodes ? (
        <section className="notice notice-success" aria-labelledby="codes-title">
          <h2 id="codes-title">Your new recovery codes</h2>
          <p>Keep them somewhere safe (printed, or in a password manager). Each one signs you in once. The old ones no longer work. They are shown only now.</p>
          <ul className="recovery-codes" aria-label="Recovery codes">
            {recoveryCodes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="console-actions">
        <section className="console-panel" aria-labelledby="password-title">
          <h2 id="password-title">Change your password</h2>
          <ConsoleForm result={intent === "password" ? result : undefined} submitLabel="Change the password">
            <input type="hidden" name="intent" value="password" />
            <input type="hidden" name="username" value={email} autoComplete="username" />
            <PasswordField name="currentPassword" label="Current password" autoComplete="current-password" />
            <PasswordField name="newPassword" label="New password" autoComplete="new-password" hint="At least 8 characters; not one of the most common passwords. Every other device is signed out." />
          </ConsoleForm>
        </section>
        <section className="console-panel" aria-labelledby="recovery-title">
          <h2 id="recovery-title">New recovery codes</h2>
          <p>For a lost or new phone. The codes you have now stop working.</p>
          <ConsoleForm result={intent === "recovery" ? result : undefined} submitLabel="Make new recovery codes">
            <input type="hidden" name="intent" value="recovery" />
            <PasswordField name="recoveryPassword" label="Your password" autoComplete="current-password" />
          </ConsoleForm>
        </section>
        <section className="console-panel" aria-labelledby="everywhere-title">
          <h2 id="everywhere-title">Sign out everywhere</h2>
          <p>Ends every session of yours, on this device too: a computer left signed in, a lost phone.</p>
          <Form method="post" action="/staff/logout" reloadDocument>
            <input type="hidden" name="everywhere" value="1" />
            <button className="button button-secondary" type="submit">
              Sign out everywhere
            </button>
          </Form>
        </section>
      </div>
      <section aria-labelledby="calendar-title">
        <h2 id="calendar-title">Your schedule in your calendar</h2>
        <p>
          A private address that Google Calendar, Apple Calendar or Outlook subscribe to (“From URL”, “New calendar subscription”). It shows the visits with the patient’s first name, the service, the studio and the time; no
          surname and nothing about their health. Anyone with the address sees that schedule: keep it to yourself. A new address stops the old one at once.
        </p>
        {result?.intent === "feed-stop" && result.status === "success" ? (
          <p className="notice notice-success" role="status">
            The feed is stopped: its address no longer works.
          </p>
        ) : null}
        {feedUrl ? (
          <div className="notice notice-success">
            <p role="status">Your calendar address is ready. It is shown only now: copy it into your calendar.</p>
            <ShownOnce id="feed-url" label="Calendar address" value={feedUrl} wide />
          </div>
        ) : null}
        {calendar.feeds.length ? (
          <div className="table-scroll">
            <table className="console-table">
              <caption>Your feeds</caption>
              <thead>
                <tr>
                  <th scope="col">Schedule</th>
                  <th scope="col">Since</th>
                  <th scope="col">Change</th>
                </tr>
              </thead>
              <tbody>
                {calendar.feeds.map((f) => (
                  <tr key={f.id}>
                    <td>{f.label}</td>
                    <td>{f.since}</td>
                    <td>
                      <Form method="post" reloadDocument className="inline-form">
                        <input type="hidden" name="intent" value="feed" />
                        <input type="hidden" name="target" value={f.target} />
                        <button type="submit" className="button button-secondary">
                          New address<span className="visually-hidden"> for {f.label}</span>
                        </button>
                      </Form>{" "}
                      <Form method="post" reloadDocument className="inline-form">
                        <input type="hidden" name="intent" value="feed-stop" />
                        <input type="hidden" name="id" value={f.id} />
                        <button type="submit" className="button button-secondary">
                          Stop<span className="visually-hidden"> the feed of {f.label}</span>
                        </button>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {calendar.targets.length ? (
          <ConsoleForm result={result?.intent === "feed" && !feedUrl ? result : undefined} submitLabel="Make a calendar address">
            <input type="hidden" name="intent" value="feed" />
            <SelectField name="target" label="Whose schedule" options={calendar.targets} empty={{ value: "", label: "Choose…" }} hint="A provider at your studios (yours, if you are one), or a whole studio (managers)." />
          </ConsoleForm>
        ) : (
          <p>You have no studio yet: ask an admin.</p>
        )}
      </section>
      <h2>Your last sign-ins</h2>
      {signIns.length ? (
        <div className="table-scroll">
          <table className="console-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">With</th>
              </tr>
            </thead>
            <tbody>
              {signIns.map((s, i) => (
                <tr key={i}>
                  <td>{s.at}</td>
                  <td>{s.method}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>None yet.</p>
      )}
    </ConsolePage>
  );
}
