import { z } from "zod/v4";
import { msg } from "~/i18n/translate";
import { FREEFORM_MAX_BYTES, FREEFORM_MAX_CHARS, jsonBytes } from "~/booking/options";

const TOO_LONG = msg("booking.errors.freeformTooLong", { max: FREEFORM_MAX_CHARS.toLocaleString("en-US") });

/** The step's form schema: server-only, so zod never reaches the browser. */
export const schema = () =>
  z.object({
    freeform: z
      .string()
      .trim()
      .max(FREEFORM_MAX_CHARS, { error: TOO_LONG })
      // The byte cap keeps the booking cookie under 4 KB: emoji and non-Latin letters count more.
      .refine((s) => jsonBytes(s) <= FREEFORM_MAX_BYTES, { error: "booking.errors.freeformTooManyBytes" })
      .optional(),
  });
