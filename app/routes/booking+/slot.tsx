import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { PRIVATE_PAGE } from "~/auth/headers";
import { HOLD_LIMIT_MESSAGES, holdDevice } from "~/booking/hold-limits.server";
import { holdSlotLink, HoldsRefused, slotLinkPage } from "~/booking/deep-link.server";
import { clientIp, readFormPost } from "~/flow/forms.server";
import { i18nOf } from "~/i18n/locale.server";
import { metaT, Trans, useT } from "~/i18n/use-t";
import { BRAND } from "~/platform/brand";
import { SubmitButton } from "~/ui/form";

/** The open slot feed's booking link (decision 064): /booking/slot?studio=…&service=…&start=… */
export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("booking.slotLink.meta", { brand: BRAND }) }, { name: "robots", content: "noindex" }];
export const headers = () => PRIVATE_PAGE;

export async function loader({ request }: LoaderFunctionArgs) {
  const { t, locale } = i18nOf(request);
  const page = await slotLinkPage(request, { t, locale });
  if (page.status === "taken") throw page.redirect;
  // A malformed link is a 400, a studio or service no longer bookable a 404: the same page, saying so.
  return json(page, { status: page.status === "bad" ? 400 : page.status === "gone" ? 404 : 200, headers: PRIVATE_PAGE });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await readFormPost(request); // the cross-site check; the form has nothing else
  const device = holdDevice(request);
  try {
    const outcome = await holdSlotLink(request, { device: device.id, address: clientIp(context) });
    if (outcome === "bad" || outcome === "gone") return json({ status: outcome }, { status: outcome === "bad" ? 400 : 404, headers: PRIVATE_PAGE });
    if (device.setCookie) outcome.headers.append("Set-Cookie", device.setCookie);
    return outcome;
  } catch (error) {
    if (!(error instanceof HoldsRefused)) throw error;
    // Past a hold limit (decision 055): the times page says what happened and when to try again.
    const { t } = i18nOf(request);
    const message = t(HOLD_LIMIT_MESSAGES[error.limit], { count: Math.max(1, Math.ceil(error.retryAfterSeconds / 60)) });
    return json({ status: "limited", message }, { status: 429, headers: { ...PRIVATE_PAGE, "Retry-After": String(error.retryAfterSeconds) } });
  }
}

export default function SlotLink() {
  const data = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const t = useT();
  if (data.status !== "open") {
    return (
      <div className="page narrow">
        <h1>{t("booking.slotLink.badTitle")}</h1>
        <p className="lead">{t("booking.slotLink.bad")}</p>
        <p>
          <Link to="/booking" className="button">
            {t("booking.slotLink.book")}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="page narrow">
      <h1>{t("booking.slotLink.title")}</h1>
      <p className="lead">
        <Trans k="booking.slotLink.lead" vars={{ service: data.service, studio: data.studio, when: data.when }} tags={{ when: <strong /> }} />
      </p>
      {refused && "message" in refused ? (
        <p className="notice notice-warning" role="alert">
          {refused.message}
        </p>
      ) : null}
      <p>{t("booking.slotLink.holdNote")}</p>
      <Form method="post" className="form">
        <div className="form-actions">
          <SubmitButton label={t("booking.slotLink.hold")} />
        </div>
      </Form>
      <p>
        <Link to={data.otherTimes}>{t("booking.slotLink.other")}</Link>
      </p>
    </div>
  );
}
