import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { getStudioAnyState } from "~/scheduling/catalogue.server";
import { bookingEventId } from "./confirmed.$token.server";
import { getDb } from "~/db/client.server";
import { readCookies } from "~/platform/cookies.server";
import { intakeHref, needsIntakeLink } from "~/rules/intake";
import { getAppointmentByToken } from "~/scheduling/book.server";
import { getService } from "~/scheduling/catalogue.server";
import { formatLongDateTime } from "~/rules/zoned-time";
import { intakeStatus } from "~/intake/store.server";
import { CANCELLATION_POLICY, whatToBring } from "~/scheduling/visit-notes";
import { StudioContact } from "~/ui/studio";

export const meta: MetaFunction = () => [{ title: "You’re booked — Studio Dental" }, { name: "robots", content: "noindex" }];

// The token is the key to this page: not cached by shared caches, not leaked in a Referer.
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = await getDb();
  const appointment = await getAppointmentByToken(db, params.token ?? "");
  if (!appointment) throw new Response("Not found", { status: 404 });
  const studio = await getStudioAnyState(db, appointment.studioSlug);
  const service = await getService(db, appointment.serviceType);
  if (!studio || !service) throw new Response("Not found", { status: 404 });
  const token = appointment.token;
  const url = new URL(request.url);
  const needsIntake = needsIntakeLink({ serviceType: appointment.serviceType, needsInsurance: appointment.needsInsurance });
  // Once started, the intake stays reachable from here even if completing it cleared needs_insurance.
  const intake = await intakeStatus(appointment.id);
  return json({
    token,
    eventId: bookingEventId(token),
    justBooked: url.searchParams.get("booked") === "1",
    isWebView: readCookies(request).web_view === "true",
    startsAt: appointment.startsAt.toISOString(),
    when: formatLongDateTime(appointment.startsAt, studio.tz),
    studio: { name: studio.name, address: studio.address, phone: studio.phone, openingHours: studio.openingHours, mapUrl: studio.mapUrl, isVirtual: studio.isVirtual },
    bring: whatToBring(studio.isVirtual),
    cancellationPolicy: CANCELLATION_POLICY,
    serviceName: service.name,
    status: appointment.status,
    icsHref: `/booking/confirmed/${token}/calendar.ics`,
    intakeHref: needsIntake || intake !== "not_started" ? intakeHref(token, { booked: true }) : null,
    intakeComplete: intake === "complete",
  });
}

type BridgeWindow = Window & {
  dataLayer?: unknown[];
  ReactNativeWebView?: { postMessage(message: string): void };
  webkit?: { messageHandlers?: { bookingSuccess?: { postMessage(message: unknown): void } } };
};

/** With JavaScript on: one data-layer event, and in the app's web view one message to the native app (docs/decisions/003). */
function useBookingSuccess({ eventId, token, startsAt, isWebView, justBooked }: { eventId: string; token: string; startsAt: string; isWebView: boolean; justBooked: boolean }) {
  useEffect(() => {
    if (!justBooked) return;
    const w = window as BridgeWindow;
    const key = `booking_success:${eventId}`;
    try {
      if (window.sessionStorage.getItem(key)) return; // a reload or Back must not count the booking twice
      window.sessionStorage.setItem(key, "1");
    } catch {
      // storage disabled: the event may repeat on reload, the eventId lets the tag manager dedupe
    }
    w.dataLayer = w.dataLayer ?? [];
    w.dataLayer.push({ event: "booking_success", eventId });
    if (isWebView) {
      const message = { type: "booking_success", appointmentToken: token, startsAt };
      try {
        if (w.ReactNativeWebView) w.ReactNativeWebView.postMessage(JSON.stringify(message));
        else w.webkit?.messageHandlers?.bookingSuccess?.postMessage(message);
      } catch {
        // the native side is optional: the page itself already shows the booking
      }
    }
  }, [eventId, token, startsAt, isWebView, justBooked]);
}

export default function Confirmed() {
  const data = useLoaderData<typeof loader>();
  useBookingSuccess(data);
  const cancelled = data.status === "CANCELLED";
  return (
    <div className="page narrow">
      <h1>{cancelled ? "This appointment was cancelled" : data.justBooked ? "You’re booked!" : "Your appointment"}</h1>
      {cancelled ? null : (
        <div className="confirmed-banner" role="status">
          <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false">
            <circle cx="14" cy="14" r="14" fill="#1d5c45" />
            <path d="M8 14.5l4 4 8-9" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <p>
            <strong>
              {data.serviceName} at {data.studio.name}
            </strong>
            <br />
            {data.when}. We’ve emailed you a confirmation.
          </p>
        </div>
      )}
      <dl className="summary-list">
        <div>
          <dt>When</dt>
          <dd>{data.when}</dd>
        </div>
        <div>
          <dt>Where</dt>
          <dd>
            {data.studio.isVirtual ? "Video visit" : data.studio.name}
            <StudioContact studio={data.studio} />
          </dd>
        </div>
        <div>
          <dt>Visit</dt>
          <dd>{data.serviceName}</dd>
        </div>
      </dl>
      {cancelled ? null : (
        <>
          <div className="actions-row">
            <a href={data.icsHref} className="button button-secondary" download="appointment.ics">
              Add to calendar (.ics)
            </a>
            {data.studio.mapUrl && !data.studio.isVirtual ? (
              <a href={data.studio.mapUrl} className="button button-secondary" rel="noopener noreferrer" target="_blank">
                Get directions<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            ) : null}
          </div>
          {data.intakeHref ? (
            <div className="notice">
              <h2>Before your visit</h2>
              {data.intakeComplete ? (
                <p>
                  Thank you — your intake is complete. <a href={data.intakeHref}>See or change your intake answers</a>
                </p>
              ) : (
                <>
                  <p>Please tell us about your insurance and health history so we can get ready for you.</p>
                  <p>
                    <a href={data.intakeHref} className="button">
                      Complete your intake
                    </a>
                  </p>
                </>
              )}
            </div>
          ) : null}
          <h2>What to bring</h2>
          <ul className="info-list">
            {data.bring.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <h2>Cancelling or rescheduling</h2>
          <p>{data.cancellationPolicy}</p>
        </>
      )}
    </div>
  );
}
