import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CARD_SIDES, preparePhoto, readCardUpload } from "~/intake/card-photo.server";
import { intakeHeaders, intakeMeta } from "~/intake/headers";
import { cardSchema } from "~/intake/schemas.server";
import { intakeSteps, openIntakeStep, withToken } from "~/intake/step.server";
import { savePhoto, storedSides } from "~/intake/store.server";
import { FileField } from "~/ui/form-fields";
import { CheckboxField } from "~/ui/form-choices";
import { IntakeStepPage } from "~/ui/intake-page";
import { useT } from "~/i18n/use-t";

export const headers = intakeHeaders;
export const meta = intakeMeta;

const ACCEPT = "image/jpeg,image/png,image/webp,image/heic,image/heif";

async function photosOf(visit: Parameters<typeof storedSides>[0]) {
  const sides = await storedSides(visit);
  return {
    sides,
    thumbnails: CARD_SIDES.filter((side) => sides[side]).map((side) => ({ side, src: `${withToken(visit, `/intake/card-photo/${side}`)}&size=thumbnail` })),
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { visit, ctx, page } = await openIntakeStep(request, "insurance-card");
  const { thumbnails } = await photosOf(visit);
  return json({ ...page, thumbnails, values: { later: ctx.state.card?.later ? "on" : "" } });
}

/**
 * Photos of the card (multipart, no JavaScript needed). Each good photo is kept at once, so a bad file on one
 * side never costs the other; a bad file answers this page, 400, with the reason beside its field.
 * Both sides, or "I'll bring my card to the visit".
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { visit, openStep, submitStep } = await intakeSteps(request);
  await openStep(request, "insurance-card");
  // server.ts hands over no body when the whole post was over the upload limit: the same page says so.
  const refused = (context as { uploadTooLarge?: boolean }).uploadTooLarge === true;
  const upload = refused ? { later: false, photos: {}, broken: false } : await readCardUpload(request);
  const problems: Record<string, string[]> = {};
  if (refused) problems.front = ["intake.card.uploadTooLarge"];
  if (upload.broken) problems.front = ["intake.card.broken"];
  for (const side of CARD_SIDES) {
    const photo = upload.photos[side];
    if (!photo) continue;
    const prepared = await preparePhoto(side, photo);
    // "I'll bring my card" wins over a photo that is not one (a browser with JavaScript keeps the refused file chosen).
    if ("error" in prepared) {
      if (!upload.later) problems[side] = [prepared.error];
    } else await savePhoto(visit, side, prepared);
  }
  const sides = await storedSides(visit);
  const form = new FormData();
  if (upload.later) form.set("later", "on");
  return submitStep(
    request,
    "insurance-card",
    cardSchema(),
    ({ later }) => {
      if (Object.keys(problems).length > 0) return { fieldErrors: problems };
      const bringIt = later === "on";
      const missing = CARD_SIDES.find((side) => !sides[side]);
      if (!bringIt && missing) {
        return { fieldErrors: { [missing]: [missing === "front" ? "intake.card.missingFront" : "intake.card.missingBack"] } };
      }
      return { card: { ...sides, later: bringIt } };
    },
    form,
  );
}

export default function InsuranceCard() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  return (
    <IntakeStepPage
      page={data}
      result={result}
      multipart
      intro={<p>{t("intake.card.intro")}</p>}
    >
      {data.thumbnails.length ? (
        <div className="card-thumbnails">
          {data.thumbnails.map((th) => (
            <figure key={th.side}>
              <img src={th.src} alt={th.side === "front" ? t("intake.card.altFront") : t("intake.card.altBack")} width={160} />
              <figcaption>{th.side === "front" ? t("intake.card.savedFront") : t("intake.card.savedBack")}</figcaption>
            </figure>
          ))}
        </div>
      ) : null}
      <FileField name="front" label={t("intake.card.front")} accept={ACCEPT} capture="environment" />
      <FileField name="back" label={t("intake.card.back")} accept={ACCEPT} capture="environment" />
      <CheckboxField name="later" label={t("intake.card.later")} hint={t("intake.card.laterHint")} />
    </IntakeStepPage>
  );
}
