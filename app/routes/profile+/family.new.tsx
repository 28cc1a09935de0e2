import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { authHeaders } from "~/auth/headers";
import { MemberFields, MemberForm } from "~/ui/family";
import { addMember, newMemberPage } from "./family.server";

export const meta: MetaFunction = () => [{ title: "Add a family member — Studio Dental" }, { name: "robots", content: "noindex" }];
export const headers = authHeaders();

export const loader = ({ request }: LoaderFunctionArgs) => newMemberPage(request);
export const action = ({ request }: ActionFunctionArgs) => addMember(request);

/** `/profile/family/new`: someone the account holder books for; from the booking, back to "who is this visit for?". */
export default function NewFamilyMember() {
  const { relationships, returnTo } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <div className="narrow">
      <p>
        <Link to={returnTo === "/profile" ? "/profile#family" : returnTo}>{returnTo === "/profile" ? "← Your profile" : "← Back to your booking"}</Link>
      </p>
      <h1>Add a family member</h1>
      <p className="lead">Their name as on their ID. You book and manage their visits, and we email you about them.</p>
      <section className="profile-section" aria-labelledby="member-title">
        <h2 id="member-title" className="visually-hidden">
          Their details
        </h2>
        <MemberForm result={result} values={undefined} submitLabel="Add to my family" hidden={{ returnTo }}>
          <MemberFields relationships={relationships} />
        </MemberForm>
      </section>
    </div>
  );
}
