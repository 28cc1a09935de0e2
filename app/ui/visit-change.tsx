// The cancel and reschedule pages, apart from the visit's own page (visit.tsx) so that the confirmed and visit
// pages do not load the time picker and these forms (each file is one chunk of client JS).
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import {
  ChoiceGroup,
  ErrorSummary,
  FormActions,
  FormStateProvider,
  SubmitButton,
  type FormResult,
} from "./form";
import { PhoneLink } from "./phone-link";
import {
  TimePickerMore,
  TimePickerNav,
  TimePickerSlots,
  type TimePickerData,
} from "./time-picker";
import type { VisitFactsData } from "./visit";
import { VisitFor } from "./visit-for";
import { metaT, Trans, useT } from "~/i18n/use-t";
import { BRAND } from "~/platform/brand";

/** A series visit's cancel choices (decision 081): which visits, the fee shown for each (manage-visit.server.ts). */
type SeriesScopeChoice = { value: string; field: string; shownFee: string; label: string };

/** A short line naming the visit, for the top of the change pages; whose it is when the server named them. */
function VisitLine({ facts }: { facts: VisitFactsData }) {
  const t = useT();
  return (
    <>
      <VisitFor name={facts.forName} />
      <p className="lead">
        <Trans
          k="visit.change.line"
          vars={{ service: facts.serviceName, place: facts.studio.isVirtual ? t("visit.change.videoVisit") : facts.studio.name, when: facts.when }}
          tags={{ when: <strong /> }}
        />
      </p>
    </>
  );
}

function CannotChange({
  facts,
  base,
  what,
}: {
  facts: VisitFactsData;
  base: string;
  what: "cancel" | "move";
}) {
  const t = useT();
  return (
    <div className="notice">
      <p>
        {facts.status === "CANCELLED"
          ? t("visit.cannot.cancelled")
          : facts.past
          ? t("visit.cannot.past")
          : t(what === "cancel" ? "visit.cannot.cancel" : "visit.cannot.move")}
        {facts.studio.phone && facts.status === "CONFIRMED" ? (
          <>
            {" "}
            {t("visit.cannot.call")} <PhoneLink phone={facts.studio.phone} />.
          </>
        ) : null}
      </p>
      <p>
        <Link to={base}>{t("visit.cannot.back")}</Link>
      </p>
    </div>
  );
}

/** The cancel page: the terms that apply now, then one button (a POST); nothing happens before it. */
export function CancelVisitPage({
  data,
  result,
}: {
  data: { facts: VisitFactsData; base: string; scopes?: SeriesScopeChoice[] };
  result: FormResult;
}) {
  const { facts, base } = data;
  const scopes = data.scopes ?? [];
  const t = useT();
  return (
    <FormStateProvider result={result} values={undefined}>
      <div className="narrow">
        <h1>{t("visit.cancel.heading")}</h1>
        <VisitLine facts={facts} />
        <ErrorSummary />
        {!facts.terms.canCancel ? (
          <CannotChange facts={facts} base={base} what="cancel" />
        ) : (
          <>
            {facts.fee ? (
              <div className="notice notice-warning">
                <h2>{t("visit.cancel.feeHeading", { fee: facts.fee })}</h2>
                <p>{t("visit.cancel.feeText", { fee: facts.fee, card: facts.card ?? t("visit.cardOnFile") })}</p>
              </div>
            ) : facts.terms.late ? (
              <p>{t("visit.cancel.lateNoCard")}</p>
            ) : (
              <p>{t("visit.cancel.free")}</p>
            )}
            {facts.terms.canReschedule ? (
              <p>
                <Trans k="visit.cancel.instead" tags={{ move: <Link to={`${base}/reschedule`} /> }} />
              </p>
            ) : null}
            <Form method="post" className="form" noValidate>
              <input type="hidden" name="sequence" value={facts.sequence} />
              <input
                type="hidden"
                name="shownFee"
                value={facts.terms.feeCents ?? "none"}
              />
              {scopes.map((s) => (s.value === "this" ? null : <input key={s.field} type="hidden" name={s.field} value={s.shownFee} />))}
              {scopes.length ? (
                <ChoiceGroup name="scope" legend={t("visit.cancel.scope.legend")} hint={t("visit.cancel.scope.hint")} choices={scopes} defaultValue="this" />
              ) : null}
              <div className="form-actions">
                <SubmitButton
                  label={
                    facts.fee
                      ? t("visit.cancel.submitFee", { fee: facts.fee })
                      : t("visit.cancel.submit")
                  }
                  pendingLabel={t("visit.cancel.pending")}
                />
                <Link to={base} className="back-link">
                  {t("visit.cancel.keep")}
                </Link>
              </div>
            </Form>
          </>
        )}
      </div>
    </FormStateProvider>
  );
}

/** The reschedule page: the same availability as booking, one day at a time, then one POST. */
export function RescheduleVisitPage({
  data,
  result,
}: {
  data: { facts: VisitFactsData; base: string; picker: TimePickerData | null };
  result: FormResult;
}) {
  const { facts, base, picker } = data;
  const t = useT();
  let body: ReactNode;
  if (!picker) body = <CannotChange facts={facts} base={base} what="move" />;
  else
    body = (
      <>
        <p>{t("visit.move.lead")}</p>
        <TimePickerNav data={picker} />
        <Form method="post" className="form" noValidate>
          <input type="hidden" name="sequence" value={facts.sequence} />
          <TimePickerSlots data={picker} />
          {picker.days.length > 0 ? (
            <FormActions
              submitLabel={t("visit.move.submit")}
              pendingLabel={t("visit.move.pending")}
              back={base}
            />
          ) : null}
        </Form>
        <TimePickerMore data={picker} />
      </>
    );
  return (
    <FormStateProvider result={result} values={undefined}>
      <div className="narrow">
        <h1>{t("visit.move.heading")}</h1>
        <VisitLine facts={facts} />
        <ErrorSummary />
        {body}
      </div>
    </FormStateProvider>
  );
}

/**
 * The cancel and reschedule routes' pages, the same for a guest (`narrow`, outside the patient area's layout) and
 * the account's area; the loaders and actions are account/manage-visit.server.ts's.
 */
export const visitChangeMeta =
  (title: string): MetaFunction =>
  ({ matches }) => [{ title: metaT(matches)(title, { brand: BRAND }) }, { name: "robots", content: "noindex" }];

export function CancelVisitRoute({ narrow = false }: { narrow?: boolean }) {
  const page = <CancelVisitPage data={useLoaderData<{ facts: VisitFactsData; base: string; scopes?: SeriesScopeChoice[] }>()} result={useActionData<FormResult>()} />;
  return narrow ? <div className="page narrow">{page}</div> : page;
}

export function RescheduleVisitRoute({ narrow = false }: { narrow?: boolean }) {
  const page = <RescheduleVisitPage data={useLoaderData<{ facts: VisitFactsData; base: string; picker: TimePickerData | null }>()} result={useActionData<FormResult>()} />;
  return narrow ? <div className="page narrow">{page}</div> : page;
}
