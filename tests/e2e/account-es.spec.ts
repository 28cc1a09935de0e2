import { expect, type Page } from "@playwright/test";
import { test } from "./support";
import { next, uniqueEmail, useMailbox } from "./mailbox";
import { expectNoAxeViolations, jsEnabled } from "./support";
import { expectNoEnglishLeft } from "./translation";

/**
 * Accounts and the patient area in Spanish (issue 21), JavaScript off (and the main path on): a browser that
 * asks for Spanish signs up with the code from the real email, in Spanish; a wrong code and a wrong password
 * answer in Spanish; the profile and its pages carry no English; log out. axe on every page.
 */
test.use({ locale: "es-US" });
const PASSWORD = "caballo correcto grapa de batería";
const { mailTo } = useMailbox();

async function spanishPage(page: Page, path: RegExp, heading: string | RegExp) {
  await expect(page).toHaveURL(path);
  await expect(page.locator("html")).toHaveAttribute("lang", /^es/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  await expectNoAxeViolations(page);
  await expectNoEnglishLeft(page);
}

test("sign up, the profile and its pages, a wrong code and a wrong password, log out — in Spanish", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const email = uniqueEmail(`es-${testInfo.project.name}`);

  await page.goto("/signup");
  await spanishPage(page, /\/signup$/, "Crear una cuenta");
  await page.getByLabel("Correo electrónico").fill("no-es-un-correo");
  await next(page, "Enviarme un código");
  await expect(page.getByRole("alert")).toContainText("Escriba un correo electrónico como nombre@ejemplo.com.");
  await expectNoAxeViolations(page);
  await page.getByLabel("Correo electrónico").fill(email);
  await next(page, "Enviarme un código");

  // The code email, from the real SMTP server, in Spanish.
  await spanishPage(page, /\/email-verification$/, "Revise su correo");
  const mail = await mailTo(email, /Studio Dental/);
  expect(mail).toContain("Escriba este código para confirmar su correo electrónico y crear su cuenta:");
  expect(mail).not.toContain("Enter this code");
  const code = mail.match(/^(\d{6})$/m)![1];
  await page.getByLabel("Código del correo").fill(code === "000000" ? "111111" : "000000");
  await next(page, "Continuar");
  await expect(page.getByRole("alert")).toContainText("Ese código no es correcto. Revise el correo e inténtelo de nuevo.");
  await expectNoAxeViolations(page);
  await page.getByLabel("Código del correo").fill(code);
  await next(page, "Continuar");

  await spanishPage(page, /\/signup\/create$/, "Su nombre y una contraseña");
  await page.getByLabel("Su nombre").fill("Ana Ruiz");
  await page.getByLabel("Contraseña", { exact: true }).fill("corta");
  await next(page, "Crear mi cuenta");
  await expect(page.getByRole("alert")).toContainText("Use al menos 8 caracteres.");
  await page.getByLabel("Su nombre").fill("Ana Ruiz");
  await page.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
  await next(page, "Crear mi cuenta");
  await spanishPage(page, /\/signup\/complete$/, "Su cuenta está lista");

  // The profile and its pages.
  await page.goto("/profile");
  await spanishPage(page, /\/profile$/, "Hola, Ana");
  await expect(page.getByRole("heading", { name: "Próximas citas" })).toBeVisible();
  // A wrong password to change the email: a Spanish message beside that form.
  await page.getByLabel("Nuevo correo electrónico").fill(uniqueEmail("es-new"));
  await page.getByLabel("Su contraseña").fill("no es la contraseña");
  await next(page, "Enviarme un enlace");
  await expect(page.locator("#email").getByRole("alert")).toContainText("Esa contraseña no es correcta.");
  await expectNoAxeViolations(page);
  await page.goto("/profile/health");
  await spanishPage(page, /\/profile\/health$/, "Mi boca");
  if (jsEnabled(testInfo)) return; // the rest is the same pages again: once, without JavaScript
  await page.goto("/profile/breezy-braces");
  await spanishPage(page, /\/profile\/breezy-braces$/, "Breezy Braces");
  // The data-rights pages (issue 41): a copy of my data, what I agreed to, closing the account.
  for (const [path, heading] of [["/profile/data", "Descargar mis datos"], ["/profile/consents", "Lo que acepté"], ["/profile/close", "Cerrar su cuenta"]] as const) {
    await page.goto(path);
    await spanishPage(page, new RegExp(`${path}$`), heading);
  }

  // Log out, then a wrong password at login.
  await page.goto("/logout");
  await spanishPage(page, /\/logout$/, "Cerrar sesión");
  await page.getByRole("main").getByRole("button", { name: "Cerrar sesión" }).click();
  await page.waitForLoadState("load");
  await page.goto("/login");
  await spanishPage(page, /\/login$/, "Iniciar sesión");
  await page.getByLabel("Correo electrónico").fill(email);
  await next(page, "Continuar");
  await spanishPage(page, /\/login\/password$/, "Escriba su contraseña");
  await page.getByLabel("Contraseña").fill("no es la contraseña");
  await next(page, "Iniciar sesión");
  await expect(page.getByRole("alert")).toContainText("El correo electrónico o la contraseña no son correctos.");
  await expectNoAxeViolations(page);
  await page.goto("/forgot-password");
  await spanishPage(page, /\/forgot-password$/, "¿Olvidó su contraseña?");
});
