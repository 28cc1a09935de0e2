import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CARD_SIDES, preparePhoto, readCardUpload } from "~/intake/card-photo.server";
import { intakeHeaders, intakeMeta } from "~/intake/headers";
import { cardSchema } from "~/intake/schemas.server";
import { intakeSteps, openIntakeStep, withToken } from "~/intake/step.server";
import { savePhoto, storedSides } from "~/intake/store.server";
import { CheckboxField, FileField } from "~/ui/form";
import { IntakeStepPage } from "~/ui/intake-page";

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
  if (refused) problems.front = ["The photos are larger than 10 MB each. Choose smaller photos, or take them again at a lower size."];
  if (upload.broken) problems.front = ["The photos did not arrive completely. Please choose them again."];
  for (const side of CARD_SIDES) {
    const photo = upload.photos[side];
    if (!photo) continue;
    const prepared = await preparePhoto(side, photo);
    if ("error" in prepared) problems[side] = [prepared.error];
    else await savePhoto(visit, side, prepared);
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
        return { fieldErrors: { [missing]: [`Add a photo of the ${missing} of your card, or tick “I’ll bring my card to the visit”.`] } };
      }
      return { card: { ...sides, later: bringIt } };
    },
    form,
  );
}

export default function InsuranceCard() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <IntakeStepPage
      page={data}
      result={result}
      multipart
      intro={<p>A clear photo of each side helps the studio check your plan before the visit. Photos up to 10 MB each: JPEG, PNG or WebP.</p>}
    >
      {data.thumbnails.length ? (
        <div className="card-thumbnails">
          {data.thumbnails.map((t) => (
            <figure key={t.side}>
              <img src={t.src} alt={`Your card, ${t.side}`} width={160} />
              <figcaption>{t.side === "front" ? "Front" : "Back"} — saved. Choose a new photo to replace it.</figcaption>
            </figure>
          ))}
        </div>
      ) : null}
      <FileField name="front" label="Front of your card" accept={ACCEPT} capture="environment" />
      <FileField name="back" label="Back of your card" accept={ACCEPT} capture="environment" />
      <CheckboxField name="later" label="I’ll bring my card to the visit" hint="You can skip the photos; the studio will copy your card when you arrive." />
    </IntakeStepPage>
  );
}
