import { expect, type Page } from "@playwright/test";
import { test, watchDataRequests } from "./support";
import { step, uniqueEmail } from "./booking-journey";

import { expectNoEnglishLeft } from "./translation";

/**
 * Issue 21: a guest books a checkup in Spanish (the browser asks for es-US), from /booking to the confirmed page.
 * Every step: axe (`step`), and no English sentence left. The confirmed page and the emails are checked elsewhere.
 * With JavaScript on, Spanish is walked by this first journey (the funnel hydrated in Spanish, to the confirmed page),
 * account-es (the profile) and language.spec (client navigation); the other Spanish journeys here, in care-es and in
 * family-es run once, without JavaScript — their JS-on walk is the English one (decision 071, amended).
 */
test.use({ locale: "es-US" });

// With JavaScript on, every step hydrates over its Spanish server render: no hydration error, no uncaught one.
let watch: ReturnType<typeof watchDataRequests>;
test.beforeEach(({ page }) => {
  watch = watchDataRequests(page);
});
test.afterEach(() => {
  expect(watch.pageErrors, "uncaught or hydration errors in the page").toEqual([]);
});

/** The step's own submit button, whatever the chrome calls it (the form's, not the language link's). */
async function submit(page: Page) {
  await page.locator("form.form button[type=submit]").last().click();
  await page.waitForLoadState("load");
}

/** The same in both languages: a plan's name (a brand) and a city's, which the one-word rule cannot tell apart. */
const BRANDS = ["Anthem / CareFirst / FEP", "Washington, DC"];

async function spanishStep(page: Page, path: string, heading: string) {
  await step(page, path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  await expect(page).toHaveTitle(`${heading} — Reservar una cita`);
  await expectNoEnglishLeft(page, { allow: BRANDS });
}

test("a guest books a checkup in Spanish", async ({ page }) => {
  await page.goto("/booking");
  await spanishStep(page, "/booking/markets", "Elija su ciudad");
  await page.getByLabel("Boston").check();
  await submit(page);

  await spanishStep(page, "/booking/services", "¿En qué podemos ayudarle?");
  await expect(page.getByText("Suele cubrirlo el seguro dental · $199 sin seguro").first()).toBeVisible();
  await page.getByLabel("Chequeo y limpieza").check();
  await submit(page);

  await spanishStep(page, "/booking/studios", "Elija un consultorio");
  await page.getByLabel("Fenway").check();
  await submit(page);

  await spanishStep(page, "/booking/times", "Elija una hora");
  // The week and the day in Spanish ("domingo, 29 de noviembre de 2026 (EST)"), times as "9:00 a.m.".
  await expect(page.getByRole("heading", { level: 2 }).first()).toHaveText(/^[a-záéíóúñ]+, \d{1,2} de [a-z]+ de \d{4} \(E[SD]T\)/);
  const later = page.getByRole("link", { name: "Horas posteriores →" }).first();
  await later.click();
  await page.waitForLoadState("load");
  await expectNoEnglishLeft(page, { allow: BRANDS });
  const first = page.locator('input[name="slot"]').first();
  await expect(page.locator("label.choice").first()).toHaveText(/^\d{1,2}:\d{2}\s?[ap]\.\s?m\./);
  await first.check();
  await submit(page);

  await spanishStep(page, "/booking/email", "Su correo electrónico");
  await expect(page.getByText(/Reservada para usted hasta las \d{1,2}:\d{2}/)).toBeVisible();
  await page.getByLabel("Correo electrónico").fill(uniqueEmail("spanish"));
  await submit(page);

  await spanishStep(page, "/booking/contact-info", "Sus datos");
  await page.getByLabel("Nombre", { exact: true }).fill("Lucía");
  await page.getByLabel("Apellido").fill("Gómez");
  await page.getByLabel("Número de celular").fill("555");
  const dob = page.getByRole("group", { name: "Fecha de nacimiento" });
  await dob.locator('input[name$="Month"]').fill("5");
  await dob.locator('input[name$="Day"]').fill("1");
  await dob.locator('input[name$="Year"]').fill("1990");
  await page.getByLabel("Menta", { exact: true }).check();
  await page.getByLabel("Comedia").check();
  // A bad post: the message in Spanish, what was typed kept.
  await submit(page);
  await expect(page).toHaveURL(/\/booking\/contact-info$/);
  await expect(page.getByText("Escriba un número de teléfono de EE. UU. de 10 dígitos, como (617) 555-0199.").first()).toBeVisible();
  await expect(page.getByLabel("Nombre", { exact: true })).toHaveValue("Lucía");
  await expect(page.getByLabel("Número de celular")).toHaveValue("555");
  await page.getByLabel("Número de celular").fill("(617) 555-0100");
  await submit(page);

  await spanishStep(page, "/booking/insurance", "Seguro dental");
  await page.getByLabel("Guardian").check();
  await page.getByLabel("Número de miembro (opcional)").fill("GRD12345");
  await submit(page);

  await spanishStep(page, "/booking/insurance-status", "Sobre su seguro dental");
  await expect(page.getByText("Revisaremos su cobertura de Guardian antes de su cita.", { exact: false })).toBeVisible();
  await submit(page);

  await spanishStep(page, "/booking/payment-info", "Tarjeta para reservar su cita");
  await page.getByLabel("Número de tarjeta").fill("4242 4242 4242 4242");
  await page.getByLabel("Mes de vencimiento").selectOption("12");
  await page.getByLabel("Año de vencimiento").fill(String(new Date().getFullYear() + 4));
  await page.getByLabel("Código de seguridad (CVC)").fill("123");
  await page.getByLabel("Nombre en la tarjeta").fill("Lucía Gómez");
  await page.getByRole("button", { name: "Guardar la tarjeta y continuar" }).click();
  await page.waitForLoadState("load");

  await spanishStep(page, "/booking/confirmation", "Revisar y reservar");
  await expect(page.getByText("1 de mayo de 1990")).toBeVisible();
  await expect(page.getByText(/^Chequeo y limpieza · /)).toBeVisible();
  await page.getByRole("button", { name: "Reservar la cita" }).click();
  await page.waitForLoadState("load");
  // The confirmed page is another part's: it opens.
  await expect(page).toHaveURL(/\/booking\/confirmed\/[\w-]+\?booked=1$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "es-US");
});

/** The patient's answer on a step whose only control is a choice (its label starts with it), then Continue. */
async function choose(page: Page, label: string) {
  await page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`)).check();
  await submit(page);
}

test("the emergency advice in Spanish @js-off-only", async ({ page }) => {
  await page.goto("/booking/markets");
  await choose(page, "New York City");
  await choose(page, "Tengo dolor o se me rompió algo");
  await spanishStep(page, "/booking/emergency", "Emergencia dental");
  await expect(page.getByRole("heading", { name: "Si podría ser grave, llame primero al 911" })).toBeVisible();
  await expect(page.getByText("llame al 911", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Qué consideramos una emergencia dental" })).toBeVisible();
  await submit(page);
  await spanishStep(page, "/booking/emergency-type", "¿Qué tipo de emergencia dental?");
});

test("teeth whitening in Spanish @js-off-only", async ({ page }) => {
  await page.goto("/booking/markets");
  await choose(page, "Nashville");
  await choose(page, "Blanqueamiento dental");
  await spanishStep(page, "/booking/whitening", "Blanqueamiento dental");
  await expect(page.getByText("$499")).toBeVisible();
  await expect(page.getByText(/^por el tratamiento completo, alrededor de \d+ minutos$/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Bueno saber" })).toBeVisible();
});

test("the ortho quiz in Spanish, to its result and the braces consult @js-off-only", async ({ page }) => {
  await page.goto("/booking/markets");
  await choose(page, "Washington, DC");
  await choose(page, "Invisalign, frenillos, alinear su sonrisa");
  await spanishStep(page, "/booking/ortho-markets", "¿Dónde le gustaría tener su consulta de ortodoncia?");
  await submit(page);
  await spanishStep(page, "/booking/ortho-quiz", "Cuestionario para alinear su sonrisa");
  await expect(page.getByRole("group", { name: "¿Qué es lo que más le gustaría cambiar?" })).toBeVisible();
  // A bad post (an answer not listed): the message in Spanish, on the quiz again.
  await page.evaluate(() => {
    const radio = document.querySelector<HTMLInputElement>('input[name="concern"]')!;
    radio.value = "wobbly";
    radio.checked = true;
  });
  await page.getByRole("button", { name: "Ver mi resultado" }).click();
  await page.waitForLoadState("load");
  await expect(page.getByText("Elija una de las respuestas de la lista o deje la pregunta sin responder.").first()).toBeVisible();
  await page.getByLabel("Mi mordida").check();
  await page.getByLabel("El costo más bajo").check();
  await page.getByLabel("Un adolescente (de 12 a 17 años)").check();
  await page.getByRole("button", { name: "Ver mi resultado" }).click();
  await page.waitForLoadState("load");

  await spanishStep(page, "/booking/ortho-quiz-result", "Su resultado");
  await expect(page.locator(".quiz-result .lead")).toHaveText("Le sugerimos una consulta de frenillos.");
  await expect(page.getByText("Los problemas de mordida suelen necesitar el control preciso y constante que dan los frenillos.")).toBeVisible();
  await expect(page.getByLabel("Consulta de frenillos (recomendada para usted)")).toBeChecked();
  await page.getByRole("button", { name: "Reservar esta consulta" }).click();
  await page.waitForLoadState("load");

  await spanishStep(page, "/booking/smile-straightening", "Consulta de frenillos");
  await expect(page.getByRole("heading", { name: "Qué pasa en su consulta" })).toBeVisible();
  await expect(page.getByText(/^Dura alrededor de \d+ minutos\. Los pacientes menores de 18 años deben venir con su padre, madre o tutor legal\.$/)).toBeVisible();
});

// Issue 33 C: the video studio was listed as "Virtual consult (video)" on the Spanish page; every studio's hours in Spanish.
test("a cosmetic consult in Spanish: the studios, the video studio among them, all in Spanish @js-off-only", async ({ page }) => {
  await page.goto("/booking/markets");
  await choose(page, "Boston");
  await choose(page, "Odontología estética");
  await spanishStep(page, "/booking/cosmetic", "Odontología estética");
  await choose(page, "Una consulta estética");
  await spanishStep(page, "/booking/cosmetic-consult", "Consulta estética");
  await choose(page, "Consulta estética: carillas");
  await spanishStep(page, "/booking/freeform-questions", "Cuéntenos qué le pasa");
  await submit(page);
  await spanishStep(page, "/booking/studios", "Elija un consultorio");
  await expect(page.getByLabel("Consulta virtual (por video)")).toBeVisible();
  await expect(page.getByText(/^lun–vie 8\s?a\.\s?m\.–5\s?p\.\s?m\./).first()).toBeVisible();
  await expect(page.getByText(/\b(Mon|Sat)\b|\b[AP]M\b/)).toHaveCount(0);
});
