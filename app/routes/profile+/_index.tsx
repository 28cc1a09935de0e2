import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { authHeaders } from "~/auth/headers";
import { ChoiceGroup, DateField, ErrorSummary, FormStateProvider, PasswordField, SubmitButton, TextField, type FormResult, type SavedValues } from "~/ui/form";
import { FamilySection } from "~/ui/family-section";
import { VisitList } from "~/ui/profile";
import { NextCheckups } from "~/ui/recall";
import { WaitlistEntries } from "~/ui/waitlist-entries";
import { profileAction, profilePage, type Intent } from "./_index.server";

export const meta: MetaFunction = () => [{ title: "Your visits and details — Studio Dental" }, { name: "robots", content: "noindex" }];
export const headers = authHeaders();

// The loader and action live in the route's server module: one module for the browser build to leave out.
export const loader = ({ request }: LoaderFunctionArgs) => profilePage(request);
export const action = ({ request, context }: ActionFunctionArgs) => profileAction(request, context);

/** One form of the page: its own messages and values, an `intent`, a submit button; "Saved" after it worked. */
function ProfileForm({ intent, title, result, values, done, submitLabel, children }: { intent: Intent; title: string; result: (FormResult & { intent?: string | null }) | undefined; values?: SavedValues; done: { intent: Intent | null; notice: string | null }; submitLabel: string; children: ReactNode }) {
  const mine = result?.intent === intent ? result : undefined;
  const location = useLocation();
  return (
    <section className="profile-section" id={intent} aria-labelledby={`${intent}-title`}>
      <h2 id={`${intent}-title`}>{title}</h2>
      {done.intent === intent && !mine ? (
        <p className="notice" role="status">
          {done.notice}
        </p>
      ) : null}
      <FormStateProvider result={mine} values={values}>
        <ErrorSummary />
        {/* A new key after each navigation: a saved form starts afresh (with JavaScript, inputs would keep what was typed). */}
        <Form method="post" className="form" noValidate key={location.key}>
          <input type="hidden" name="intent" value={intent} />
          {children}
          <div className="form-actions">
            <SubmitButton label={submitLabel} />
          </div>
        </Form>
      </FormStateProvider>
    </section>
  );
}

export default function Profile() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const others = data.sessions.filter((s) => !s.current).length;
  const done = { intent: data.done, notice: data.notice };
  return (
    <>
      <h1>Hello{data.firstName ? `, ${data.firstName}` : ""}</h1>
      <p className="lead">Your visits, your details and how you log in.</p>
      {result && result.intent === null ? (
        <FormStateProvider result={result} values={undefined}>
          <ErrorSummary />
        </FormStateProvider>
      ) : null}

      <section className="profile-section" id="visits" aria-labelledby="visits-title">
        <h2 id="visits-title">Upcoming visits</h2>
        <VisitList
          visits={data.upcoming}
          empty={
            <>
              No visits booked. <Link to="/booking">Book a visit</Link>
            </>
          }
        />
        {data.upcoming.length ? (
          <p>
            <Link to="/booking">Book another visit</Link>
          </p>
        ) : null}
        <h3>Past visits</h3>
        <VisitList visits={data.past} empty="Your past and cancelled visits will show here." />
      </section>

      <FamilySection family={data.family} notice={data.familyNotice} />
      <NextCheckups items={data.recalls} />
      <WaitlistEntries entries={data.waitlist.entries} left={data.waitlist.left} />

      <ProfileForm intent="details" title="Your details" result={result} values={data.details} done={done} submitLabel="Save my details">
        <p className="hint">As on your ID. We use them for every visit you book while logged in.</p>
        <div className="field-row">
          <TextField name="firstName" label="First name" autoComplete="given-name" />
          <TextField name="lastName" label="Last name" autoComplete="family-name" />
        </div>
        <TextField name="phone" label="Mobile number" type="tel" autoComplete="tel" inputMode="tel" hint="10 digits, for reminders and if we need to reach you." />
        <DateField name="dateOfBirth" legend="Date of birth" hint="For example, 5 27 1990." autoCompletePrefix="bday" />
      </ProfileForm>

      <ProfileForm intent="comfort" title="Comfort preferences" result={result} values={data.comfort} done={done} submitLabel="Save my preferences">
        <ChoiceGroup name="flavor" legend="Polish flavor" className="choices choices-inline" choices={data.flavors} />
        <ChoiceGroup name="show" legend="What to watch during your visit" className="choices choices-inline" choices={data.shows} />
      </ProfileForm>

      <ProfileForm intent="email" title="Email address" result={result} done={done} submitLabel="Send me a link">
        <p>
          You log in with <strong className="profile-email">{data.email}</strong>. To change it, enter the new address and your password; we send a link to the new
          address to confirm it.
        </p>
        <TextField name="newEmail" label="New email address" type="email" autoComplete="email" />
        <PasswordField name="emailPassword" label="Your password" autoComplete="current-password" />
      </ProfileForm>

      <ProfileForm intent="password" title="Password" result={result} done={done} submitLabel="Change my password">
        <PasswordField name="currentPassword" label="Current password" autoComplete="current-password" />
        <PasswordField name="newPassword" label="New password" autoComplete="new-password" hint={`At least ${data.passwordMin} characters. Every other device will be logged out.`} />
      </ProfileForm>

      <section className="profile-section" id="sessions" aria-labelledby="sessions-title">
        <h2 id="sessions-title">Where you’re logged in</h2>
        {data.done === "sessions" ? (
          <p className="notice" role="status">
            {data.notice}
          </p>
        ) : null}
        <ul className="session-list">
          {data.sessions.map((s, i) => (
            <li key={i}>
              <span className="session-device">
                {s.device}
                {s.current ? <span className="badge-current">This device</span> : null}
              </span>
              <span className="hint">{s.lastSeen}</span>
            </li>
          ))}
        </ul>
        <div className="actions-row">
          {others > 0 ? (
            <Form method="post">
              <input type="hidden" name="intent" value="sessions" />
              <button type="submit" className="button button-secondary">
                Log out other devices
              </button>
            </Form>
          ) : null}
          <Form method="post" action="/logout" reloadDocument>
            <button type="submit" className="button button-secondary">
              Log out
            </button>
          </Form>
        </div>
      </section>
    </>
  );
}
