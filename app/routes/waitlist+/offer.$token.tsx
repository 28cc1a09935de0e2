import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { PRIVATE_PAGE } from "~/auth/headers";
import { metaT, Trans, useT } from "~/i18n/use-t";
import { BRAND as BRAND_NAME } from "~/platform/brand";
import { SubmitButton } from "~/ui/form";
import { claimAction, offerPage } from "~/waitlist/pages.server";

const TITLES = { open: "waitlist.offer.open", mine: "waitlist.offer.open", taken: "waitlist.offer.taken", left: "waitlist.offer.left" } as const;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaT(matches);
  return [{ title: t("waitlist.offer.meta", { title: t(TITLES[data?.state ?? "open"]), brand: BRAND_NAME }) }, { name: "robots", content: "noindex" }];
};
export const headers = () => PRIVATE_PAGE;

export const loader = ({ request, params }: LoaderFunctionArgs) => offerPage(request, params.token);
export const action = ({ request, params }: ActionFunctionArgs) => claimAction(request, params.token);

export default function WaitlistOffer() {
  const data = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>()?.refused;
  const t = useT();
  const state = refused ?? data.state;
  if (state === "taken" || state === "left") {
    return (
      <div className="page narrow">
        <h1>{t(TITLES[state])}</h1>
        {state === "taken" ? (
          <>
            <p className="lead" role={refused ? "alert" : undefined}>
              {data.when ? t("waitlist.offer.takenWhen", { when: data.when }) : t("waitlist.offer.takenThis")}
            </p>
            <p>{t("waitlist.offer.stillOn")}</p>
          </>
        ) : (
          <p className="lead">{t("waitlist.offer.leftLead")}</p>
        )}
        <p>
          <Link to="/booking" className="button">
            {t("waitlist.offer.another")}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="page narrow">
      <h1>{t("waitlist.offer.open")}</h1>
      <p className="lead">
        <Trans k="waitlist.offer.lead" vars={{ service: data.serviceName, studio: data.studioName, when: data.when }} tags={{ when: <strong /> }} />
      </p>
      <p>{state === "mine" ? t("waitlist.offer.mine") : t("waitlist.offer.claimFirst")}</p>
      <Form method="post" className="form">
        <div className="form-actions">
          <SubmitButton label={state === "mine" ? t("waitlist.offer.continue") : t("waitlist.offer.claim")} />
        </div>
      </Form>
    </div>
  );
}
