import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod/v4";
import { i18nOf } from "~/i18n/locale.server";
import { localizeReply } from "~/i18n/translate";

/**
 * zod's own messages (decision 027): a rule no schema words itself answers a `common.forms.*` key, so a reply
 * reads in the patient's language; a schema's own message is left alone.
 */
const schema = z.object({
  name: z.string().max(5),
  code: z.string().min(3),
  email: z.email(),
  kind: z.enum(["a", "b"]),
  note: z.string({ error: "booking.errors.own" }),
});

function reply(fields: Record<string, string>, locale: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const submission = parseWithZod(form, { schema });
  if (submission.status !== "error") throw new Error("expected errors");
  const request = new Request("http://x/", { headers: { "Accept-Language": locale } });
  return localizeReply(submission.reply(), i18nOf(request).t).error;
}

describe("zod's own messages", () => {
  it("are worded in the reader's language, with their values", () => {
    const bad = { name: "toolong", code: "ab", email: "nope", kind: "c" };
    expect(reply(bad, "es-US")).toMatchObject({
      name: ["Escriba 5 caracteres como máximo"],
      code: ["Escriba al menos 3 caracteres"],
      email: ["Escriba un correo electrónico como nombre@ejemplo.com"],
      kind: ["Elija una de las opciones"],
    });
    expect(reply(bad, "en-US")).toMatchObject({ name: ["Enter 5 characters or fewer"], code: ["Enter at least 3 characters"] });
  });
  it("say a missing answer is required; a schema's own message wins", () => {
    const error = reply({}, "es-US");
    expect(error?.name).toEqual(["Este campo es obligatorio"]);
    expect(error?.note).toEqual(["booking.errors.own"]);
  });
});
