import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { PRIVATE_PAGE } from "~/auth/headers";
import { SubmitButton } from "~/ui/form";
import { claimAction, offerPage } from "~/waitlist/pages.server";

const TITLES = { open: "A time for you", mine: "A time for you", taken: "That time is taken", left: "You left the waitlist" } as const;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${TITLES[data?.state ?? "open"]} — Studio Dental` }, { name: "robots", content: "noindex" }];
export const headers = () => PRIVATE_PAGE;

export const loader = ({ params }: LoaderFunctionArgs) => offerPage(params.token);
export const action = ({ request, params }: ActionFunctionArgs) => claimAction(request, params.token);

export default function WaitlistOffer() {
  const data = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>()?.refused;
  const state = refused ?? data.state;
  if (state === "taken" || state === "left") {
    return (
      <div className="page narrow">
        <h1>{TITLES[state]}</h1>
        {state === "taken" ? (
          <>
            <p className="lead" role={refused ? "alert" : undefined}>
              Sorry — someone else claimed {data.when ? `${data.when}` : "this time"} first.
            </p>
            <p>You’re still on the waitlist: we’ll email you when another time that suits you frees up.</p>
          </>
        ) : (
          <p className="lead">You’re no longer on the waitlist, so this time isn’t held for you.</p>
        )}
        <p>
          <Link to="/booking" className="button">
            Look for another time
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="page narrow">
      <h1>A time for you</h1>
      <p className="lead">
        {data.serviceName} at {data.studioName}, <strong>{data.when}</strong>.
      </p>
      <p>{state === "mine" ? "You claimed this time. Continue to finish booking it." : "Claim it and finish booking: your details, then Book. The first patient to claim it gets it."}</p>
      <Form method="post" className="form">
        <div className="form-actions">
          <SubmitButton label={state === "mine" ? "Continue booking" : "Claim this time"} />
        </div>
      </Form>
    </div>
  );
}
