import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { authHeaders } from "~/auth/headers";
import { MemberFields, MemberForm } from "~/ui/family";
import { ErrorSummary, FormStateProvider } from "~/ui/form";
import { AnswerList, VisitList } from "~/ui/profile";
import { memberAction, memberPage } from "./family.server";

// The member's name stays out of the title (tabs, history): one title for every member's page.
export const meta: MetaFunction = () => [{ title: "A family member’s visits and details — Studio Dental" }, { name: "robots", content: "noindex" }];
export const headers = authHeaders();

export const loader = ({ request, params }: LoaderFunctionArgs) => memberPage(request, params.id);
export const action = ({ request, params }: ActionFunctionArgs) => memberAction(request, params.id);

/** `/profile/family/<id>`: one family member's visits, health, Breezy Braces suggestion and details. */
export default function FamilyMemberPage() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { member } = data;
  return (
    <div className="narrow">
      <p>
        <Link to="/profile#family">← Your family</Link>
      </p>
      <h1>{member.name}</h1>
      <p className="lead">{member.summary}</p>

      <section className="profile-section" id="visits" aria-labelledby="visits-title">
        <h2 id="visits-title">{member.firstName}’s visits</h2>
        <VisitList visits={data.upcoming} empty="No visits booked." />
        <p>
          <Link to="/booking">Book a visit for {member.firstName}</Link>
        </p>
        {data.past.length ? (
          <>
            <h3>Past visits</h3>
            <VisitList visits={data.past} empty={null} />
          </>
        ) : null}
      </section>

      <section className="profile-section" id="health" aria-labelledby="health-title">
        <h2 id="health-title">{member.firstName}’s health history and insurance</h2>
        {data.intakeLink ? (
          <p>
            <a href={data.intakeLink} className="button button-secondary">
              {data.health || data.insurance ? `Update ${member.firstName}’s intake for the next visit` : `Complete ${member.firstName}’s intake`}
            </a>
          </p>
        ) : null}
        {data.health ? (
          <>
            <h3>Health history</h3>
            <p className="hint">
              {data.health.complete ? "Sent to the studio" : "Started, not yet sent"} · last updated {data.health.asOf}
            </p>
            <AnswerList rows={data.health.rows} />
          </>
        ) : (
          <p className="profile-empty">No health history on file yet. We ask for it before their visit.</p>
        )}
        {data.insurance ? (
          <>
            <h3>Insurance</h3>
            <AnswerList rows={data.insurance.rows} />
          </>
        ) : null}
      </section>

      <section className="profile-section" id="braces" aria-labelledby="braces-title">
        <h2 id="braces-title">Breezy Braces</h2>
        {data.braces ? (
          <p>
            Our quiz suggested <strong>{data.braces.name}</strong> for {member.firstName}. <Link to={data.braces.book}>Book {member.firstName}’s consult</Link>
          </p>
        ) : (
          <p>
            Wondering about a straighter smile for {member.firstName}? <Link to="/booking?service=BRACESCON">Book a braces consult</Link>
          </p>
        )}
      </section>

      <section className="profile-section" id="details" aria-labelledby="details-title">
        <h2 id="details-title">{member.firstName}’s details</h2>
        {data.notice && result?.intent !== "edit" ? (
          <p className="notice" role="status">
            {data.notice}
          </p>
        ) : null}
        <MemberForm result={result?.intent === "edit" ? result : undefined} values={data.details} submitLabel="Save their details" hidden={{ intent: "edit" }}>
          <MemberFields relationships={data.relationships} />
        </MemberForm>
      </section>

      <section className="profile-section" id="remove" aria-labelledby="remove-title">
        <h2 id="remove-title">Remove {member.firstName}</h2>
        <FormStateProvider result={result?.intent === "remove" ? result : undefined} values={undefined}>
          <ErrorSummary />
        </FormStateProvider>
        <p>Their past visits stay on your profile. You can’t book for them any more.</p>
        <Form method="post">
          <input type="hidden" name="intent" value="remove" />
          <button type="submit" className="button button-secondary">
            Remove {member.firstName} from my family
          </button>
        </Form>
      </section>
    </div>
  );
}
