import { z } from "zod/v4";

export const timesSchema = z.object({
  slot: z.string("Choose a time.").max(40, "Choose a time from the list."),
});

export const MAX_WEEK = 8; // 9 pages of 7 days cover the 60-day booking window

/** `?week=N`: 0..8; anything else is the first week. */
export function parseWeek(raw: string | null): number {
  if (raw === null || !/^\d$/.test(raw)) return 0;
  const n = Number(raw);
  return n <= MAX_WEEK ? n : 0;
}
