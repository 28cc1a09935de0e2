import { z } from "zod/v4";
import { msg } from "./translate";

type Issue = Parameters<z.core.$ZodErrorMap>[0];

/**
 * zod's own messages (a rule no schema words itself: a missing field, a too-long text, an unknown option) as
 * `common.forms.*` keys (decision 027), so `localizeReply` words them in the reader's language instead of zod's
 * English. A schema's or a rule's own message still wins: zod asks this map only when there is none.
 */
export function zodMessage(issue: Issue): string {
  if (issue.input === undefined || issue.input === null || issue.input === "") return msg("common.forms.required");
  switch (issue.code) {
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.origin === "string") return min <= 1 ? msg("common.forms.required") : msg("common.forms.tooShort", { min });
      if (issue.origin === "array" || issue.origin === "set") return msg("common.forms.tooFew", { min });
      return msg("common.forms.tooSmall", { min });
    }
    case "too_big": {
      const max = Number(issue.maximum);
      if (issue.origin === "string") return msg("common.forms.tooLong", { max });
      if (issue.origin === "array" || issue.origin === "set") return msg("common.forms.tooMany", { max });
      return msg("common.forms.tooBig", { max });
    }
    case "invalid_format":
      if (issue.format === "email") return msg("common.forms.invalidEmail");
      if (issue.format === "date" || issue.format === "datetime") return msg("common.forms.invalidDate");
      return msg("common.forms.invalid");
    case "invalid_value":
      return msg("common.forms.invalidChoice");
    default:
      return msg("common.forms.invalid");
  }
}

// Once per server process: every module that words a reply reads the locale through locale.server.ts.
z.config({ customError: zodMessage });
