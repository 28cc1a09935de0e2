import type { ActionFunctionArgs } from "@remix-run/node";
import { getEnv } from "~/platform/env.server";
import { tunnelEnvelope, tunnelOff } from "~/platform/sentry-tunnel.server";

/** `/monitoring` (SENTRY_TUNNEL_PATH): the browser's Sentry envelopes, passed on to the configured DSN only. */
export const action = ({ request }: ActionFunctionArgs) => {
  const dsn = getEnv().SENTRY_DSN;
  return dsn ? tunnelEnvelope(request, dsn) : tunnelOff();
};

/** Only posts are served; a GET is the 404 a missing page would be. */
export const loader = () => tunnelOff();
