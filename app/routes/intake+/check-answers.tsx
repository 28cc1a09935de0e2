import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { intakeHeaders, intakeMeta } from "~/intake/headers";
import { ALLERGENS, CARRIER_CHOICES, CONDITIONS, labelOf, PLAN_TYPES, PREGNANCY, PREMEDICATION, RELATIONSHIPS, TOBACCO } from "~/intake/options";
import { intakeSteps, openIntakeStep, withToken } from "~/intake/step.server";
import { completeIntake, findIntake, storedSides } from "~/intake/store.server";
import { formatCalendarDate } from "~/rules/zoned-time";
import { IntakeStepPage } from "~/ui/intake-page";
import { i18nOf } from "~/i18n/locale.server";
import { useT } from "~/i18n/use-t";

export const headers = intakeHeaders;
export const meta = intakeMeta;

type Row = { key: string; value: string; change: string; changeLabel: string };

export async function loader({ request }: LoaderFunctionArgs) {
  const { visit, ctx, page } = await openIntakeStep(request, "check-answers");
  const { insurance, card, health } = ctx.state;
  const row = await findIntake(visit);
  const href = (path: string) => withToken(visit, path);
  const provider = href("/intake/insurance/provider");
  const { locale, t } = i18nOf(request);
  const insuranceRows: Row[] = [];
  const add = (rows: Row[], key: string, value: string, change: string) => rows.push({ key: t(key), value, change, changeLabel: t(key).toLocaleLowerCase(locale) });
  if (insurance?.kind === "none") add(insuranceRows, "intake.row.insurance", t("intake.carrier.none"), provider);
  if (insurance?.kind === "carrier") {
    add(insuranceRows, "intake.row.insurance", labelOf(t, CARRIER_CHOICES, insurance.carrier), provider);
    if (insurance.planName) add(insuranceRows, "intake.row.planName", insurance.planName, provider);
    add(insuranceRows, "intake.row.planType", labelOf(t, PLAN_TYPES, insurance.planType), provider);
    add(insuranceRows, "intake.row.memberId", insurance.memberId, provider);
    add(insuranceRows, "intake.row.groupNumber", insurance.groupNumber ?? t("intake.row.notGiven"), provider);
    add(insuranceRows, "intake.row.whosePlan", labelOf(t, RELATIONSHIPS, insurance.subscriber.relationship), provider);
    if (insurance.subscriber.relationship !== "self") {
      add(insuranceRows, "intake.row.theirName", insurance.subscriber.name, provider);
      add(insuranceRows, "intake.row.theirDob", formatCalendarDate(insurance.subscriber.dateOfBirth, locale), provider);
    }
  }
  const sides = insurance?.kind === "carrier" ? await storedSides(visit) : { front: false, back: false };
  const photos = (["front", "back"] as const)
    .filter((side) => sides[side])
    .map((side) => ({ side, src: `${href(`/intake/card-photo/${side}`)}&size=thumbnail` }));
  const healthRows: Row[] = [];
  if (health) {
    const change = href("/intake/personal/medical-conditions");
    const conditions = health.conditions.includes("none") ? t("intake.noneOfThese") : health.conditions.map((c) => labelOf(t, CONDITIONS, c)).join("; ");
    add(healthRows, "intake.row.conditions", conditions, change);
    if (health.otherConditions) add(healthRows, "intake.row.otherConditions", health.otherConditions, change);
    add(healthRows, "intake.row.medicines", health.takesMedications === "yes" ? (health.medications ?? "") : t("intake.row.none"), change);
    const allergies = [...health.allergens.map((a) => labelOf(t, ALLERGENS, a)), ...(health.otherAllergies ? [health.otherAllergies] : [])];
    add(healthRows, "intake.row.allergies", health.hasAllergies === "yes" ? allergies.join("; ") : t("intake.row.none"), change);
    if (health.hasAllergies === "yes") add(healthRows, "intake.row.reactions", health.allergyReactions ?? "", change);
    add(healthRows, "intake.row.pregnancy", labelOf(t, PREGNANCY, health.pregnancy), change);
    add(healthRows, "intake.row.tobacco", labelOf(t, TOBACCO, health.tobacco), change);
    add(healthRows, "intake.row.premedication", labelOf(t, PREMEDICATION, health.premedication), change);
  }
  return json({
    ...page,
    complete: row?.status === "COMPLETE",
    insuranceRows,
    card: insurance?.kind === "carrier" ? { photos, later: card?.later ?? false, change: href("/intake/insurance/card") } : null,
    healthRows,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { visit, openStep } = await intakeSteps(request);
  const ctx = await openStep(request, "check-answers");
  await completeIntake(visit, ctx.state);
  return redirect(withToken(visit, "/intake/confirmation"), 303);
}

function SummaryList({ rows }: { rows: Row[] }) {
  const t = useT();
  return (
    <dl className="summary-list">
      {rows.map((r) => (
        <div key={r.key}>
          <dt>{r.key}</dt>
          <dd>{r.value}</dd>
          <dd className="change">
            <a href={r.change}>
              {t("intake.check.change")}<span className="visually-hidden"> {r.changeLabel}</span>
            </a>
          </dd>
        </div>
      ))}
    </dl>
  );
}

export default function CheckAnswers() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  return (
    <IntakeStepPage
      page={data}
      result={result}
      submitLabel={data.complete ? t("intake.check.confirmAgain") : t("intake.check.confirm")}
    >
      <h2>{t("intake.check.insurance")}</h2>
      <SummaryList rows={data.insuranceRows} />
      {data.card ? (
        <>
          <h2>{t("intake.check.card")}</h2>
          <dl className="summary-list">
            <div>
              <dt>{t("intake.check.photos")}</dt>
              <dd>
                {data.card.photos.length
                  ? data.card.photos.map((p) => <img key={p.side} src={p.src} alt={p.side === "front" ? t("intake.card.altFront") : t("intake.card.altBack")} width={160} />)
                  : null}
                {data.card.photos.length < 2 ? <p>{data.card.later ? t("intake.check.bringCard") : t("intake.check.noPhoto")}</p> : null}
              </dd>
              <dd className="change">
                <a href={data.card.change}>
                  {t("intake.check.change")}<span className="visually-hidden"> {t("intake.check.cardPhotos")}</span>
                </a>
              </dd>
            </div>
          </dl>
        </>
      ) : null}
      {data.healthRows.length ? (
        <>
          <h2>{t("intake.check.health")}</h2>
          <SummaryList rows={data.healthRows} />
        </>
      ) : null}
      <p>{t("intake.check.sending")}</p>
    </IntakeStepPage>
  );
}
