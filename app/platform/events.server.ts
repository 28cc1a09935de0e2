/** What patients did, for the operator's metrics (app/server/metrics): an outcome is `ok` or a refusal's code, never a value. */
export type PatientEvent = "booking" | "cancel" | "reschedule" | "intake_save" | "intake_photo_upload" | "intake_complete";

type Hook = { __countEvent?: (event: PatientEvent, outcome: string) => void };

/** Counted by the server's metrics when they are on (the Remix bundle and server.ts are separate module graphs). */
export function countEvent(event: PatientEvent, outcome = "ok") {
  (globalThis as Hook).__countEvent?.(event, outcome);
}

/** Counts an outcome `{ ok } | { ok: false, code }` as it passes. */
export function countOutcome<T extends { ok: true } | { ok: false; code: string }>(event: PatientEvent, outcome: T): T {
  countEvent(event, outcome.ok ? "ok" : outcome.code);
  return outcome;
}
