import { expect, it } from "vitest";
import { emailChangeEmail, resetEmail, verificationEmail } from "~/auth/emails";

/** The account emails are worded in the language of the request that sent them (issue 21). */
const common = { to: "ana@example.com", siteOrigin: "https://studio.example", supportEmail: "help@studio.example" };

it("words the sign-up code email in Spanish: subject, text and HTML (with its lang)", () => {
  const mail = verificationEmail({ ...common, locale: "es-US", code: "123456", linkToken: "tok" });
  expect(mail.subject).toBe("Su código de Studio Dental: 123456");
  expect(mail.text).toContain("Escriba este código para confirmar su correo electrónico y crear su cuenta:");
  expect(mail.text).toContain("¿Preguntas? Escríbanos a help@studio.example.");
  expect(mail.text).not.toMatch(/Hello|Enter this code|Questions\?/);
  expect(mail.html).toContain('<html lang="es">');
  expect(mail.html).toContain('¿Preguntas? Escríbanos a <a href="mailto:help@studio.example">help@studio.example</a>.');
  expect(mail.html).toContain("https://studio.example/email-verification?token=tok");
});

it("words the reset and email-change emails in Spanish, and keeps English as it was", () => {
  expect(resetEmail({ ...common, locale: "es-US", linkToken: "tok" }).subject).toBe("Cree una nueva contraseña de Studio Dental");
  expect(emailChangeEmail({ ...common, locale: "es-US", linkToken: "tok" }).text).toContain("Confirmar este correo electrónico:");
  const english = verificationEmail({ ...common, locale: "en-US", code: "123456", linkToken: "tok" });
  expect(english.subject).toBe("Your Studio Dental code: 123456");
  expect(english.text.startsWith("Hello,\n")).toBe(true);
  expect(english.html).toContain('<html lang="en">');
  expect(english.html).toContain('Questions? Write to <a href="mailto:help@studio.example">help@studio.example</a>.');
  // Without a locale (the console's invitation): English.
  expect(resetEmail({ ...common, linkToken: "tok" }).subject).toBe("Set a new Studio Dental password");
});
