import { EnvError, getEnv, type Env } from "~/platform/env.server";

/** The validated configuration; a bad variable stops the process (exit 1) with a message naming it. */
export function loadConfig(): Env {
  try {
    return getEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
