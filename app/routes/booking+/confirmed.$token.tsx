import type {
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { visitPage } from "~/account/manage-visit.server";
import { PRIVATE_PAGE } from "~/auth/headers";
import { intakeLinkOf } from "~/intake/store.server";
import { readCookies } from "~/platform/cookies.server";
import { accountOffer } from "~/booking/returning.server";
import { bookedTogether } from "~/account/family.server";
import { BookedTogether } from "~/ui/booked-together";
import { AccountOffer } from "~/ui/account-offer";
import {
  changeOf,
  IntakeNotice,
  ManageVisit,
  VisitChangedBanner,
  VisitFactsList,
  visitTitle,
} from "~/ui/visit";
import { VisitFor } from "~/ui/visit-for";
import { bookingEventId } from "~/booking/event-id.server";
import { metaT, useT } from "~/i18n/use-t";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: visitTitle(metaT(matches), data?.facts, { justBooked: data?.justBooked }) },
  { name: "robots", content: "noindex" },
];

// The token is the key to this page: not cached by shared caches, not leaked in a Referer.
export const headers: HeadersFunction = () => PRIVATE_PAGE;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { appointment, facts, base } = await visitPage(
    request,
    params.token ?? "",
    "guest"
  );
  const url = new URL(request.url);
  return json({
    facts,
    base,
    change: changeOf(url),
    token: appointment.token,
    eventId: bookingEventId(appointment.token),
    justBooked: url.searchParams.get("booked") === "1",
    isWebView: readCookies(request).web_view === "true",
    startsAt: appointment.startsAt.toISOString(),
    intake: facts.past ? null : await intakeLinkOf(appointment),
    // Issue 10 D: a guest whose visit is no account's yet is offered one for the visit's email.
    accountOffer: await accountOffer(request, appointment),
    // Issue 20 A: two visits booked together, shown to the account that manages both.
    together: await bookedTogether(request, appointment),
  });
}

type BridgeWindow = Window & {
  dataLayer?: unknown[];
  ReactNativeWebView?: { postMessage(message: string): void };
  webkit?: {
    messageHandlers?: {
      bookingSuccess?: { postMessage(message: unknown): void };
    };
  };
};

/** With JavaScript on: one data-layer event, and in the app's web view one message to the native app (docs/decisions/003). */
function useBookingSuccess({
  eventId,
  token,
  startsAt,
  isWebView,
  justBooked,
}: {
  eventId: string;
  token: string;
  startsAt: string;
  isWebView: boolean;
  justBooked: boolean;
}) {
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
      const message = {
        type: "booking_success",
        appointmentToken: token,
        startsAt,
      };
      try {
        if (w.ReactNativeWebView)
          w.ReactNativeWebView.postMessage(JSON.stringify(message));
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
  const { facts } = data;
  const t = useT();
  const cancelled = facts.status === "CANCELLED";
  return (
    <div className="page narrow">
      <h1>
        {cancelled
          ? t("visit.confirmed.cancelledHeading")
          : data.justBooked
          ? t("visit.confirmed.bookedHeading")
          : t("visit.confirmed.heading")}
      </h1>
      <VisitFor name={facts.forName} />
      <VisitChangedBanner change={data.change} facts={facts} />
      {cancelled || data.change ? null : (
        <div className="confirmed-banner" role="status">
          <svg
            width="28"
            height="28"
            viewBox="0 0 28 28"
            aria-hidden="true"
            focusable="false"
          >
            <circle cx="14" cy="14" r="14" fill="#1d5c45" />
            <path
              d="M8 14.5l4 4 8-9"
              fill="none"
              stroke="#fff"
              strokeWidth="2.6"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <p>
            <strong>{t("visit.confirmed.what", { service: facts.serviceName, studio: facts.studio.name })}</strong>
            <br />
            {t("visit.confirmed.emailed", { when: facts.when })}
          </p>
        </div>
      )}
      <BookedTogether visits={data.together} />
      <VisitFactsList facts={facts} />
      <IntakeNotice intake={data.intake} />
      {facts.past ? null : <ManageVisit facts={facts} base={data.base} />}
      <AccountOffer offer={data.accountOffer} />
    </div>
  );
}
