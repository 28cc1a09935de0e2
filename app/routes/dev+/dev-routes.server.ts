import { getEnv, type Env } from "~/platform/env.server";

/** Only in development or when DEV_ROUTES=true (the e2e server); otherwise the dev pages do not exist. */
export function devRoutesEnabled(env: Env = getEnv()): boolean {
  return env.DEV_ROUTES || env.NODE_ENV === "development";
}
