import { expect, type Page } from "@playwright/test";
import { signUp } from "./account-journey";
import { next, pickFirstTime, step, toFenwayTimes } from "./booking-journey";
import { uniqueEmail, useMailbox } from "./mailbox";
import { expectNoAxeViolations, test } from "./support";
import { expectNoEnglishLeft } from "./translation";

/**
 * Family and the waitlist in Spanish (issue 21), JavaScript off and on: a parent adds a child in Spanish (the form's
 * Spanish errors first), joins the waitlist from the times page's Spanish invitation (a Spanish error, then the
 * joined page), and answers "who is this visit for?" in Spanish. Every page of ours: no English left, axe.
 * The sign-up and the booking steps around ours belong to other sections: the spec walks them in English
 * (`?lang=en-US`, by their English labels) and comes back to Spanish with `?lang=es-US` on each page of ours.
 */
test.use({ locale: "es-US" });
const { mailTo } = useMailbox();

/** The same page in a language (the `?lang=` link: the cookie remembers it for the pages after). */
async function inLanguage(page: Page, lang: "en-US" | "es-US", path = new URL(page.url()).pathname + new URL(page.url()).search) {
  const url = new URL(path, "http://x");
  url.searchParams.set("lang", lang);
  await page.goto(url.pathname + url.search);
}

async function ours(page: Page) {
  await expectNoEnglishLeft(page);
  await expectNoAxeViolations(page);
}

test("in Spanish: add a family member (errors first), join the waitlist from the times page, who is this visit for @js-off-only", async ({ page }) => {
  test.setTimeout(300_000);
  const email = uniqueEmail("family-es");
  await signUp(page, mailTo, email, "Alex Rivera", "/signup?lang=en-US");

  // 1. The member form in Spanish: a bad post first (Spanish messages, values kept), then the child.
  await inLanguage(page, "es-US", "/profile/family/new");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Agregar un familiar");
  await ours(page);
  await page.getByLabel("Apellido").fill("Rivera");
  await page.locator('input[name="dateOfBirthMonth"]').fill("2");
  await page.locator('input[name="dateOfBirthDay"]').fill("30");
  await page.locator('input[name="dateOfBirthYear"]').fill("2018");
  await next(page, "Agregar a mi familia");
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("Escriba su nombre.");
  await expect(alert).toContainText("Escriba una fecha de nacimiento válida");
  await expect(alert).toContainText("Elija qué relación tiene con usted.");
  await expect(page.getByLabel("Apellido")).toHaveValue("Rivera");
  await ours(page);
  await page.getByLabel("Nombre", { exact: true }).fill("Sam");
  await page.locator('input[name="dateOfBirthDay"]').fill("14");
  await page.getByLabel("Mi hijo o hija").check();
  await next(page, "Agregar a mi familia");
  await expect(page).toHaveURL(/\/profile\?family=added/);
  const family = page.getByRole("region", { name: "Su familia" });
  await expect(family.getByRole("status")).toHaveText("Agregamos a su familiar. Elíjalo al reservar.");
  await expect(family).toContainText("Mi hijo o hija · ");
  await expect(family).toContainText("usted es su padre, madre o tutor legal");

  // 2. The booking's steps (another section's) in English up to the times; their invitation to the waitlist is ours.
  await inLanguage(page, "en-US", "/booking/markets");
  await toFenwayTimes(page);
  await step(page, "/booking/times");
  await inLanguage(page, "es-US");
  const invite = page.getByRole("complementary", { name: "¿Ninguno de estos horarios le funciona?" });
  await expect(invite).toContainText("Díganos qué días y horarios le convienen");
  await invite.getByRole("link", { name: "Anotarse en la lista de espera" }).click();
  await page.waitForLoadState("load");
  await step(page, "/booking/waitlist");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Anotarse en la lista de espera");
  await expect(page.locator("form.form")).toContainText(`Le escribiremos a ${email}, el correo electrónico con el que inicia sesión.`);
  await ours(page);
  // No part of the day: a Spanish message, the days kept.
  const from = await page.getByLabel("Desde").inputValue();
  for (const part of ["Mañana", "Tarde", "Noche"]) await page.getByRole("checkbox", { name: new RegExp(`^${part}`) }).uncheck();
  await next(page, "Anotarme en la lista de espera");
  await expect(page.getByRole("alert")).toContainText("Elija al menos un momento del día.");
  await expect(page.getByLabel("Desde")).toHaveValue(from);
  await ours(page);
  await page.getByRole("checkbox", { name: /^Mañana/ }).check();
  await next(page, "Anotarme en la lista de espera");
  await step(page, "/booking/waitlist/joined");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Está en la lista de espera");
  // A date in Spanish ("del 25 de noviembre de 2026 al …") and the part chosen.
  await expect(page.locator(".lead")).toContainText(/del \d{1,2} de [a-z]+ de \d{4} al \d{1,2} de [a-z]+ de \d{4}, mañanas\./);
  await ours(page);
  // The email saying so, in Spanish (its subject is RFC 2047-encoded: read the body).
  const joined = await mailTo(email, /lista de espera|=\?utf-8\?/i);
  expect(joined).toContain("Hola:");
  expect(joined).toContain("Salir de la lista de espera: http");

  // 3. Who is this visit for? (after the times), in Spanish: a post with nobody chosen, then the child.
  await inLanguage(page, "en-US", "/booking/times");
  await pickFirstTime(page, true);
  await step(page, "/booking/who");
  await inLanguage(page, "es-US");
  await expect(page.getByText("Completaremos sus datos con los de su perfil")).toBeVisible();
  await expect(page.getByRole("group", { name: "El paciente" })).toContainText("El titular de la cuenta");
  await expect(page.getByRole("group", { name: "El paciente" })).toContainText("Mi hijo o hija");
  await ours(page);
  await page.getByLabel("Sam Rivera").check();
  await page.locator("form.form button[type=submit]").click();
  await page.waitForLoadState("load");
  await expect(page).toHaveURL(/\/booking\/contact-info/);
});
