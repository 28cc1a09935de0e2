import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { z } from "zod/v4";
import { tFor } from "~/i18n/catalogues.server";
import { msg } from "~/i18n/translate";
import { rejected, tooMany, validateForm } from "~/flow/forms.server";

/** The form kit (decision 037): every form of the app is refused one way, in the reader's words. */
describe("the form kit", () => {
  const es = tFor("es-US");
  const en = tFor("en-US");
  const schema = z.object({ email: z.string(msg("account.errors.emailRequired")).min(1, msg("account.errors.emailRequired")) });

  it("refuses a bad form with 400, the values kept and one message per field in the reader's language", async () => {
    const form = new FormData();
    form.set("name", "Ana");
    const result = await validateForm(form, schema, es);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.response.status).toBe(400);
    const body = await result.response.json();
    expect(body.status).toBe("error");
    expect(body.initialValue).toMatchObject({ name: "Ana" });
    expect(body.error.email).toEqual([es("account.errors.emailRequired")]);
    expect(body.error.email[0]).not.toBe(en("account.errors.emailRequired"));
  });

  it("lets a step refuse a valid value with its own messages", async () => {
    const form = new FormData();
    form.set("email", "a@example.com");
    const result = await validateForm(form, schema, en, () => ({ fieldErrors: { email: ["account.errors.emailInvalid"] } }));
    expect(result.ok).toBe(false);
    if (!result.ok) expect((await result.response.json()).error.email).toEqual([en("account.errors.emailInvalid")]);
  });

  it("names the form on a page with several, never sends a password back, and tells a hidden field's message at the top", async () => {
    const strict = z.object({ sequence: z.coerce.number("Reload the page and try again."), password: z.string().min(12, "Too short.") });
    const form = new FormData();
    form.set("password", "secret");
    form.set("note", "kept");
    const result = await validateForm(form, strict, en, undefined, { intent: "cancel", hide: ["password"], errors: ({ sequence, ...rest }) => (sequence ? { ...rest, "": sequence } : rest) });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const body = await result.response.json();
    expect(body.intent).toBe("cancel");
    expect(body.initialValue).toEqual({ note: "kept" });
    expect(body.error).toEqual({ "": ["Reload the page and try again."], password: ["Too short."] });
  });

  it("answers a rate limit with 429, Retry-After, the values kept and the wait in the reader's words", async () => {
    const response = tooMany({ retryAfterSeconds: 600 }, { email: "a@example.com" }, { t: es, intent: "details" });
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toBe("600");
    const body = await response.json();
    expect(body).toMatchObject({ status: "error", intent: "details", initialValue: { email: "a@example.com" } });
    expect(body.error[""]).toEqual([es("account.errors.tooMany", { count: 10 })]);
  });

  it("words catalogue keys and keeps worded text (the console's English) as it is", async () => {
    const body = await rejected({}, { a: ["account.errors.emailRequired"], b: ["Choose a role."] }, { t: es }).json();
    expect(body.error).toEqual({ a: [es("account.errors.emailRequired")], b: ["Choose a role."] });
  });

  it("is the only place a refused form's answer is built", () => {
    // A reply built by hand elsewhere would answer a bad post another way (issue 34 D): one kit, app/flow/forms.server.ts.
    const hits = execFileSync("grep", ["-rlE", 'status: "error"( as const)?,', "app", "--include=*.ts", "--include=*.tsx"], { encoding: "utf8" })
      .split("\n")
      .filter(Boolean)
      // The cross-site refusal happens before any form is read (platform, below the kit).
      .filter((file) => !["app/flow/forms.server.ts", "app/platform/form-data.server.ts"].includes(file));
    expect(hits).toEqual([]);
  });
});
