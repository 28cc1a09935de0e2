import { expect, type Page } from "@playwright/test";
import { test, expectNoAxeViolations } from "./support";
import { textAsJpeg } from "../fixtures/card-photos";
import { finish, next, step, uniqueEmail } from "./booking-journey";
import { useMailbox } from "./mailbox";
import { expectNoEnglishLeft } from "./translation";

/**
 * The visit and the intake in Spanish (issue 21): a visit booked in Spanish, its confirmed page, the confirmation
 * email from the real SMTP server in Spanish (subject, text, calendar SUMMARY), the intake to its confirmation
 * with a refused post and a refused photo answered in Spanish, and the cancel page. JavaScript off (and once on);
 * on every page axe and "no English sentence left".
 */
test.use({ locale: "es-US" });
const { mailTo } = useMailbox();

/** A subject as the mail client shows it (the mailbox has decoded its encoded words). */
const subjectOf = (mail: string) => (/^Subject: (.*(?:\r?\n[ \t].*)*)$/m.exec(mail)?.[1] ?? "").replace(/\r?\n[ \t]/g, " ").trim();

/** Every page of the journey: the reader's words only, and WCAG A/AA. */
async function checkPage(page: Page) {
  // A carrier's name is its brand in every language.
  await expectNoEnglishLeft(page, { allow: ["Anthem / CareFirst / FEP"] });
  await expectNoAxeViolations(page);
}

/**
 * Books through the funnel's English helpers (the funnel's own Spanish is booking-es.spec.ts's), with only the
 * final "Book" post in Spanish: the visit's language is the one the booking was placed in (appointments.locale).
 */
async function bookInSpanish(page: Page, email: string) {
  const url = test.info().project.use.baseURL!;
  // The funnel in English (the chosen language, the `lang` cookie, beats the browser's), the "Book" post in Spanish.
  await page.context().addCookies([{ name: "lang", value: "en-US", url }]);
  const speak = (value: string) => page.context().addCookies([{ name: "lang", value, url }]);
  // The post is made in Spanish, its redirect followed in English (the cookie store keeps "en-US").
  await page.route("**/booking/confirmation**", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    const headers = await route.request().allHeaders();
    const response = await route.fetch({ headers: { ...headers, cookie: (headers.cookie ?? "").replace("lang=en-US", "lang=es-US") }, maxRedirects: 0 });
    await route.fulfill({ response });
  });
  // A general consult needs the intake, health history included (spec §5).
  await page.goto("/booking?service=GENOCON&market=washington-dc");
  await step(page, "/booking/freeform-questions");
  await page.getByLabel(/Tell us what is going on/).fill("A check of a sensitive tooth.");
  await next(page);
  // A week ahead: more than 24 hours away, so cancelling is free.
  const token = await finish(page, { studio: "Navy Yard", email, card: true, laterWeek: true });
  await page.unroute("**/booking/confirmation**");
  await speak("es-US");
  return token;
}

test("a visit in Spanish: confirmed page, confirmation email, intake to its confirmation, cancel @js-off-only", async ({ page }) => {
  // A booking, the email, seven intake pages and the cancel, each scanned by axe and the translation check.
  test.setTimeout(300_000);
  const email = uniqueEmail("care-es");
  const token = await bookInSpanish(page, email);

  // The confirmation email, as the patient's inbox has it: in the visit's language (a subject with accents
  // travels encoded, spaces as "_"; the checks below keep to words without accents for the same reason).
  const mail = await mailTo(email, /./);
  expect(subjectOf(mail)).toMatch(/^Studio Dental: su cita de Consulta general el [a-zé]+, \d{1,2} de [a-z]+ de \d{4} a las /);
  expect(mail).toContain("Hola, Alex:");
  expect(mail).toContain("reservada para el");
  expect(mail).toContain("Por favor, complete su formulario de salud");
  expect(mail).toContain("SUMMARY:Consulta general en Studio Dental Navy Yard");
  expect(mail).not.toContain("What to bring");

  // The confirmed page.
  await page.goto(`/booking/confirmed/${token}`);
  await expect(page.locator("html")).toHaveAttribute("lang", /^es/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Su cita");
  await expect(page.getByRole("term").filter({ hasText: "Cuándo" })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: /^(lunes|martes|miércoles|jueves|viernes|sábado|domingo), \d{1,2} de [a-z]+ de \d{4}, / })).toBeVisible();
  await expect(page.getByRole("link", { name: "Agregar al calendario (.ics)" })).toBeVisible();
  await checkPage(page);

  // The intake, from the confirmed page's link.
  await page.getByRole("link", { name: "Completar el formulario de salud" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Antes de su cita: su formulario de salud");
  await checkPage(page);
  await page.getByRole("link", { name: "Comenzar" }).click();

  await step(page, "/intake/insurance/provider");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Su seguro dental");
  // A post with answers missing: the same page, 400, the reasons in Spanish.
  const refused = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/intake/insurance/provider"));
  await page.getByRole("button", { name: "Guardar y continuar" }).click();
  expect((await refused).status()).toBe(400);
  await page.waitForLoadState("load");
  // (The carrier is the one given while booking; whose plan it is is not.)
  await expect(page.getByRole("alert")).toContainText("Elija de quién es el plan.");
  await checkPage(page);
  await page.getByLabel("MetLife").check();
  await page.getByLabel(/^PPO o de indemnización/).check();
  await page.getByLabel("Número de afiliado (Member ID)").fill("MET-4455667");
  await page.getByRole("group", { name: "¿De quién es el plan?" }).getByLabel("Yo", { exact: true }).check();
  await next(page, "Guardar y continuar");

  // A bad upload stays a page, with its reason in Spanish.
  await step(page, "/intake/insurance/card");
  await checkPage(page);
  await page.getByLabel("Frente de su tarjeta").setInputFiles({ name: "card.jpg", mimeType: "image/jpeg", buffer: textAsJpeg() });
  const badPhoto = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/intake/insurance/card"));
  await page.getByRole("button", { name: "Guardar y continuar" }).click();
  expect((await badPhoto).status()).toBe(400);
  await page.waitForLoadState("load");
  await expect(page.getByRole("alert")).toContainText("La foto del frente de su tarjeta no es una imagen JPEG, PNG o WebP.");
  await checkPage(page);
  await page.getByLabel("Traeré mi tarjeta a la cita").check();
  await next(page, "Guardar y continuar");

  await step(page, "/intake/insurance/results");
  await expect(page.getByRole("heading", { name: "Aceptamos este plan" })).toBeVisible();
  await checkPage(page);
  await next(page, "Continuar");

  await step(page, "/intake/personal/medical-conditions");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Su historial médico");
  await checkPage(page);
  await page.getByLabel("Presión arterial alta o baja").check();
  await page.getByLabel("Diabetes").check();
  await page.getByRole("group", { name: "¿Toma algún medicamento?" }).getByLabel("Sí").check();
  await page.getByLabel(/Qué medicamentos/).fill("Metformina 500 mg");
  await page.getByRole("group", { name: "¿Tiene alguna alergia?" }).getByLabel("No", { exact: true }).check();
  await page.getByRole("group", { name: "¿Está embarazada o amamantando?" }).getByLabel("No aplica en mi caso").check();
  await page.getByRole("group", { name: "¿Fuma, vapea o usa tabaco?" }).getByLabel("Nunca").check();
  await page.getByRole("group", { name: /antibióticos antes de ir al dentista/ }).getByLabel("No", { exact: true }).check();
  await next(page, "Guardar y continuar");

  await step(page, "/intake/check-answers");
  await expect(page.getByText("Diabetes; Presión arterial alta o baja")).toBeVisible();
  await expect(page.getByText("Metformina 500 mg")).toBeVisible();
  await checkPage(page);
  await next(page, "Confirmar y enviar");

  await step(page, "/intake/confirmation");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Formulario de salud completo");
  await checkPage(page);

  // Cancel, from the visit's page.
  await page.goto(`/booking/confirmed/${token}`);
  await page.getByRole("link", { name: "Cancelar la cita" }).click();
  await step(page, `/booking/confirmed/${token}/cancel`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("¿Cancelar su cita?");
  await expect(page.getByText("Cancelar es gratis: faltan más de 24 horas para su cita.")).toBeVisible();
  await checkPage(page);
  await next(page, "Cancelar mi cita");
  await expect(page).toHaveURL(`/booking/confirmed/${token}?cancelled=1`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Esta cita fue cancelada");
  await expect(page.getByRole("status")).toContainText("Esta cita está cancelada y le enviamos un correo electrónico para confirmarlo.");
  await checkPage(page);
  await expect.poll(async () => subjectOf(await mailTo(email, /./)), { timeout: 30_000 }).toMatch(/está cancelada$/);
  const cancelMail = await mailTo(email, /./);
  expect(cancelMail).toContain("DESCRIPTION:Esta cita fue cancelada.");
});
