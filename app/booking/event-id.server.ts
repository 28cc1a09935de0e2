import { createHash } from "node:crypto";

/** The data-layer event id: derived from the token but not the token (it must not reach analytics). */
export function bookingEventId(token: string): string {
  return `bk_${createHash("sha256").update(token).digest("hex").slice(0, 24)}`;
}
