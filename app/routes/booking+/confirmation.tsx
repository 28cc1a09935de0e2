import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { FormActions } from "~/ui/form";
import { StepHeader } from "~/ui/step-header";
import { StudioContact } from "~/ui/studio";
import { stepMeta } from "~/ui/step-meta";
import { Trans, useT } from "~/i18n/use-t";
import { book, reviewPage } from "~/booking/review-step.server";

export const meta = stepMeta;

export const loader = ({ request }: LoaderFunctionArgs) => reviewPage(request);
export const action = ({ request }: ActionFunctionArgs) => book(request);

export default function Confirmation() {
  const { back, title, rows, attempt, also, offerAnother } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  return (
    <div className="page narrow">
      <StepHeader />
      <h1>{title}</h1>
      {result?.message ? (
        <div className="error-summary" role="alert" tabIndex={-1}>
          <h2>{t("booking.review.notBooked")}</h2>
          <p>{result.message}</p>
          {result.code === "conflict" ? (
            <p>
              <Link to="/booking/times">{t("booking.review.pickAnother")}</Link>
            </p>
          ) : null}
        </div>
      ) : (
        <p className="lead">{t("booking.review.lead")}</p>
      )}
      <dl className="summary-list">
        {rows.map((row) => (
          <div key={row.label}>
            <dt>{row.label}</dt>
            <dd>
              {row.value}
              {row.studio ? <StudioContact studio={row.studio} /> : null}
            </dd>
            {row.change ? (
              <dd className="change">
                <Link to={row.change}>
                  {t("booking.review.change")}
                  <span className="visually-hidden"> {row.changeLabel}</span>
                </Link>
              </dd>
            ) : null}
          </div>
        ))}
      </dl>
      {also ? (
        <section className="profile-section" aria-labelledby="also-title">
          <h2 id="also-title">{t("booking.review.alsoBooking")}</h2>
          <p>
            <Trans k="booking.review.alsoText" vars={{ name: also.name, when: also.when }} tags={{ who: <span className="visit-for" /> }} />
          </p>
          <Form method="post" action="/booking/another">
            <input type="hidden" name="intent" value="remove" />
            <button type="submit" className="button button-secondary">
              {t("booking.review.dontBook", { name: also.name })}
            </button>
          </Form>
        </section>
      ) : offerAnother ? (
        <p>
          <Link to="/booking/another">{t("booking.review.bookAnother")}</Link>
        </p>
      ) : null}
      <Form method="post" className="form">
        <input type="hidden" name="attempt" value={attempt} />
        <FormActions submitLabel={t("booking.review.submit")} pendingLabel={t("booking.review.pending")} back={back} />
      </Form>
    </div>
  );
}
