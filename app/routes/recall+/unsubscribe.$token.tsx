import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { PRIVATE_PAGE } from "~/auth/headers";
import { unsubscribeAction, unsubscribePage } from "~/recall/unsubscribe.server";
import { metaT, useT } from "~/i18n/use-t";
import { BRAND as BRAND_NAME } from "~/platform/brand";
import { ErrorSummary, FormStateProvider } from "~/ui/form";

/** A recall email's unsubscribe link (issue 20 B): stop checkup reminders, or turn them back on. */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: metaT(matches)(data?.optedOut ? "recall.unsub.metaStopped" : "recall.unsub.metaStop", { brand: BRAND_NAME }) },
  { name: "robots", content: "noindex" },
];
export const headers = () => PRIVATE_PAGE;

export const loader = ({ request, params }: LoaderFunctionArgs) => unsubscribePage(request, params.token ?? "");
export const action = ({ request, params }: ActionFunctionArgs) => unsubscribeAction(request, params.token ?? "");

export default function RecallUnsubscribe() {
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [search] = useSearchParams();
  const t = useT();
  const optedOut = result?.optedOut ?? loaded.optedOut;
  const done = !result && search.get("done") === (optedOut ? "stop" : "resume");
  return (
    <div className="page narrow recall-page">
      <FormStateProvider result={result} values={undefined}>
        <ErrorSummary />
      </FormStateProvider>
      {optedOut ? (
        <>
          <h1>{t("recall.unsub.stopped.title")}</h1>
          {done ? (
            <p className="notice" role="status">
              {t("recall.unsub.stopped.done")}
            </p>
          ) : null}
          <p className="lead">{t("recall.unsub.stopped.lead")}</p>
          <p>{t("recall.unsub.stopped.profile")}</p>
          <Form method="post" className="form">
            <input type="hidden" name="intent" value="resume" />
            <div className="form-actions">
              <button type="submit" className="button button-secondary">
                {t("recall.unsub.stopped.resume")}
              </button>
            </div>
          </Form>
        </>
      ) : (
        <>
          <h1>{t("recall.unsub.stop.title")}</h1>
          {done ? (
            <p className="notice" role="status">
              {t("recall.unsub.stop.done")}
            </p>
          ) : null}
          <p className="lead">{t("recall.unsub.stop.lead")}</p>
          <p>{t("recall.unsub.stop.unchanged")}</p>
          <Form method="post" className="form">
            <input type="hidden" name="intent" value="stop" />
            <div className="form-actions">
              <button type="submit" className="button">
                {t("recall.unsub.stop.button")}
              </button>
            </div>
          </Form>
        </>
      )}
    </div>
  );
}
