import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { intakeHeaders, intakeMeta } from "~/intake/headers";
import { ALLERGENS, CARRIER_CHOICES, CONDITIONS, labelOf, PLAN_TYPES, PREGNANCY, PREMEDICATION, RELATIONSHIPS, TOBACCO } from "~/intake/options";
import { infoSchema } from "~/intake/schemas.server";
import { intakeSteps, openIntakeStep, withToken } from "~/intake/step.server";
import { completeIntake, findIntake, storedSides } from "~/intake/store.server";
import { formatCalendarDate } from "~/rules/zoned-time";
import { IntakeStepPage } from "~/ui/intake-page";

export const headers = intakeHeaders;
export const meta = intakeMeta;

type Row = { key: string; value: string; change: string; changeLabel: string };

export async function loader({ request }: LoaderFunctionArgs) {
  const { visit, ctx, page } = await openIntakeStep(request, "check-answers");
  const { insurance, card, health } = ctx.state;
  const row = await findIntake(visit);
  const href = (path: string) => withToken(visit, path);
  const provider = href("/intake/insurance/provider");
  const insuranceRows: Row[] = [];
  const add = (rows: Row[], key: string, value: string, change: string) => rows.push({ key, value, change, changeLabel: key.toLowerCase() });
  if (insurance?.kind === "none") add(insuranceRows, "Dental insurance", "I don’t have dental insurance", provider);
  if (insurance?.kind === "carrier") {
    add(insuranceRows, "Dental insurance", labelOf(CARRIER_CHOICES, insurance.carrier), provider);
    if (insurance.planName) add(insuranceRows, "Plan name", insurance.planName, provider);
    add(insuranceRows, "Plan type", labelOf(PLAN_TYPES, insurance.planType), provider);
    add(insuranceRows, "Member ID", insurance.memberId, provider);
    add(insuranceRows, "Group number", insurance.groupNumber ?? "Not given", provider);
    add(insuranceRows, "Whose plan", labelOf(RELATIONSHIPS, insurance.subscriber.relationship), provider);
    if (insurance.subscriber.relationship !== "self") {
      add(insuranceRows, "Their name", insurance.subscriber.name, provider);
      add(insuranceRows, "Their date of birth", formatCalendarDate(insurance.subscriber.dateOfBirth), provider);
    }
  }
  const sides = insurance?.kind === "carrier" ? await storedSides(visit) : { front: false, back: false };
  const photos = (["front", "back"] as const)
    .filter((side) => sides[side])
    .map((side) => ({ side, src: `${href(`/intake/card-photo/${side}`)}&size=thumbnail` }));
  const healthRows: Row[] = [];
  if (health) {
    const change = href("/intake/personal/medical-conditions");
    const conditions = health.conditions.includes("none") ? "None of these" : health.conditions.map((c) => labelOf(CONDITIONS, c)).join("; ");
    add(healthRows, "Conditions", conditions, change);
    if (health.otherConditions) add(healthRows, "Other conditions", health.otherConditions, change);
    add(healthRows, "Medicines", health.takesMedications === "yes" ? (health.medications ?? "") : "None", change);
    const allergies = [...health.allergens.map((a) => labelOf(ALLERGENS, a)), ...(health.otherAllergies ? [health.otherAllergies] : [])];
    add(healthRows, "Allergies", health.hasAllergies === "yes" ? allergies.join("; ") : "None", change);
    if (health.hasAllergies === "yes") add(healthRows, "Reactions", health.allergyReactions ?? "", change);
    add(healthRows, "Pregnant or nursing", labelOf(PREGNANCY, health.pregnancy), change);
    add(healthRows, "Tobacco", labelOf(TOBACCO, health.tobacco), change);
    add(healthRows, "Antibiotics advised before dental visits", labelOf(PREMEDICATION, health.premedication), change);
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
  return (
    <dl className="summary-list">
      {rows.map((r) => (
        <div key={r.key}>
          <dt>{r.key}</dt>
          <dd>{r.value}</dd>
          <dd className="change">
            <a href={r.change}>
              Change<span className="visually-hidden"> {r.changeLabel}</span>
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
  return (
    <IntakeStepPage
      page={data}
      result={result}
      submitLabel={data.complete ? "Confirm again" : "Confirm and send"}
    >
      <h2>Insurance</h2>
      <SummaryList rows={data.insuranceRows} />
      {data.card ? (
        <>
          <h2>Insurance card</h2>
          <dl className="summary-list">
            <div>
              <dt>Photos</dt>
              <dd>
                {data.card.photos.length
                  ? data.card.photos.map((p) => <img key={p.side} src={p.src} alt={`Your card, ${p.side}`} width={160} />)
                  : null}
                {data.card.photos.length < 2 ? <p>{data.card.later ? "You’ll bring your card to the visit." : "No photo."}</p> : null}
              </dd>
              <dd className="change">
                <a href={data.card.change}>
                  Change<span className="visually-hidden"> card photos</span>
                </a>
              </dd>
            </div>
          </dl>
        </>
      ) : null}
      {data.healthRows.length ? (
        <>
          <h2>Health history</h2>
          <SummaryList rows={data.healthRows} />
        </>
      ) : null}
      <p>By confirming, you send these answers to the studio for your visit.</p>
    </IntakeStepPage>
  );
}
