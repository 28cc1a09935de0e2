import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { openStep, submitInfoStep } from "~/booking/step.server";
import { getDb } from "~/db/client.server";
import { getService, listBookableStudios } from "~/scheduling/catalogue.server";
import { StepPage } from "~/ui/form";
import { PhoneLink } from "~/ui/studio";
import { stepMeta } from "~/ui/step-meta";

export const meta = stepMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const { state, back, title } = await openStep(request, "emergency");
  const db = await getDb();
  const emergency = await getService(db, "EMERG");
  // The studios of the patient's city that see emergencies, with the number to call now.
  const studios = state.market && emergency ? await listBookableStudios(db, state.market, emergency) : [];
  return json({ back, title, studios: studios.filter((s) => s.phone && !s.isVirtual).map((s) => ({ slug: s.slug, name: s.name, phone: s.phone })) });
}

export async function action({ request }: ActionFunctionArgs) {
  return submitInfoStep(request, "emergency");
}

export default function Emergency() {
  const { back, title, studios } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <StepPage
      title={title}
      back={back}
      result={result}
      intro={
        <>
          <div className="notice notice-urgent" role="note">
            <h2>Call 911 first if it could be serious</h2>
            <p>
              If swelling in your face, mouth or neck makes it hard to breathe or swallow, or you have a high fever
              with facial swelling, or heavy bleeding after an injury, <strong>call 911</strong> or go to the nearest
              emergency room now. Don’t wait for a dental appointment.
            </p>
          </div>
          {studios.length > 0 ? (
            <div className="notice">
              <h2>In pain right now? Call a studio</h2>
              <p>We can often see you the same day. Call the studio nearest you, or book below.</p>
              <ul className="call-list">
                {studios.map((s) => (
                  <li key={s.slug}>
                    <span>{s.name}</span> <PhoneLink phone={s.phone} />
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <h2>What we treat as a dental emergency</h2>
          <ul className="info-list">
            <li>Toothache or sharp pain that keeps you up or won’t settle with painkillers</li>
            <li>A broken, chipped or cracked tooth</li>
            <li>A knocked-out tooth: hold it by the crown, keep it in milk and come in within the hour if you can</li>
            <li>A lost filling or crown</li>
            <li>Swelling of the gum or jaw, or a bad taste that could be an infection</li>
            <li>Bleeding from the gums or after a procedure that won’t stop with gentle pressure</li>
          </ul>
          <h2>What happens next</h2>
          <p>
            We keep time free for emergencies and will see you the same day where we can. Tell us what kind of
            emergency it is, describe what is going on, then pick the studio and the earliest time that suits you.
          </p>
        </>
      }
    />
  );
}
