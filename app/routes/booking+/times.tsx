import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { clientIp } from "~/flow/forms.server";
import { chooseTimeStep, timesStep } from "~/booking/time-step.server";
import { StepPage } from "~/ui/step-header";
import { useOutagePage } from "~/ui/outage-page";
import { TimePickerMore, TimePickerNav, TimePickerSlots } from "~/ui/time-picker";
import { stepMeta } from "~/ui/step-meta";
import { WaitlistInvite } from "~/ui/waitlist-invite";
import { useT } from "~/i18n/use-t";

export const meta = stepMeta;

/** Never cached; a 429's or a slow lookup's Retry-After reaches the document (Remix keeps only cookies otherwise). */
export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = new Headers({ "Cache-Control": "no-store" });
  const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export const loader = ({ request }: LoaderFunctionArgs) => timesStep(request);

export const action = ({ request, context }: ActionFunctionArgs) => chooseTimeStep(request, clientIp(context));

/** The database away: the short 503 page; anything else, an apology and the way back. */
export function ErrorBoundary() {
  const error = useRouteError();
  const t = useT();
  const outage = useOutagePage(error);
  if (outage) return outage;
  return (
    <div className="page narrow">
      <h1>{t("booking.times.errorTitle")}</h1>
      <p>{t("booking.times.errorLead")}</p>
      <p>
        <Link to="/booking/times">{t("booking.times.backToTimes")}</Link>
      </p>
    </div>
  );
}

export default function Times() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const result = useActionData<typeof action>();
  return (
    <StepPage
      title={data.title}
      back={data.back}
      result={result}
      values={{ slot: data.selected }}
      intro={
        <>
          {data.conflictMessage ? (
            <p className="notice notice-warning" role="alert">
              {data.conflictMessage}
            </p>
          ) : null}
          <p className="lead">
            {t("booking.times.lead", { service: data.serviceName, studio: data.studioName })}
          </p>
          <TimePickerNav data={data} />
        </>
      }
      after={<><TimePickerMore data={data} /><WaitlistInvite /></>}
    >
      <TimePickerSlots data={data} />
    </StepPage>
  );
}
