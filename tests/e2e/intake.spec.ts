import { expect } from "@playwright/test";
import { test } from "./support";
import { CAMERA, hasExif, pngWithGps, sidewaysJpegWithGps, textAsJpeg } from "../fixtures/card-photos";
import { finish, next, step, uniqueEmail } from "./booking-journey";
import { expectNoAxeViolations, jsEnabled, watchDataRequests } from "./support";

/**
 * Intake as a patient does it, from the link on the confirmed page: insurance, photos of the card (a real JPEG
 * and PNG carrying GPS in their EXIF), the plan result, the health history, check answers, confirmation —
 * leaving half-way and coming back from the same link. With JavaScript off (and once on), axe on every page.
 */
test("intake from the confirmed page: card photos without EXIF, resumed from the link, every step to confirmation", async ({ page }, testInfo) => {
  const requests = watchDataRequests(page);
  // A general consult needs intake (spec §5); the deep link names service and market.
  await page.goto("/booking?service=GENOCON&market=washington-dc");
  await step(page, "/booking/freeform-questions");
  await page.getByLabel(/Tell us what is going on/).fill("A check of a sensitive tooth.");
  await next(page);
  const token = await finish(page, { studio: "Navy Yard", email: uniqueEmail("intake"), card: true });

  await page.goto(`/booking/confirmed/${token}`);
  await page.getByRole("link", { name: /intake/i }).click();
  await expect(page).toHaveURL(`/intake?token=${token}&appointmentBooked=true`);
  await expect(page.getByText("You’re booked — one more step.")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Start" }).click();

  await step(page, "/intake/insurance/provider");
  await page.getByLabel("MetLife").check();
  await page.getByLabel(/^PPO or indemnity/).check();
  await page.getByLabel("Member ID").fill("MET-4455667");
  await page.getByLabel("Me", { exact: true }).check();
  await next(page, "Save and continue");

  // A text file named like a photo: the same page, 400, the reason beside the field.
  await step(page, "/intake/insurance/card");
  await page.getByLabel("Front of your card").setInputFiles({ name: "card.jpg", mimeType: "image/jpeg", buffer: textAsJpeg() });
  const refused = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/intake/insurance/card"));
  await next(page, "Save and continue");
  expect((await refused).status()).toBe(400);
  await expect(page.getByRole("alert")).toContainText("is not a JPEG, PNG or WebP image");
  await expectNoAxeViolations(page);

  // Too large, through the real server: a 12 MB photo, and a 22 MB post over the whole upload's limit.
  for (const megabytes of [12, 22]) {
    const big = await page.request.post(`/intake/insurance/card?token=${token}`, {
      multipart: { front: { name: "big.jpg", mimeType: "image/jpeg", buffer: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(megabytes << 20)]) } },
    });
    expect(big.status(), `${megabytes} MB`).toBe(400);
    expect(await big.text()).toContain("larger than 10 MB");
  }

  await page.getByLabel("Front of your card").setInputFiles({ name: "front.jpg", mimeType: "image/jpeg", buffer: await sidewaysJpegWithGps() });
  await page.getByLabel("Back of your card").setInputFiles({ name: "back.png", mimeType: "image/png", buffer: await pngWithGps() });
  await next(page, "Save and continue");
  await expect(page).toHaveURL(/\/intake\/insurance\/results\?/);

  // Leave half-way, come back from the confirmation email's link: the start page resumes at the plan result.
  await page.goto(`/intake?token=${token}`);
  await expect(page.getByText("Still to do:")).toBeVisible();
  await page.getByRole("link", { name: "Continue where you left off" }).click();
  await step(page, "/intake/insurance/results");
  await expect(page.getByRole("heading", { name: "We accept this plan" })).toBeVisible();
  await next(page);

  await step(page, "/intake/personal/medical-conditions");
  await page.getByLabel("Diabetes").check();
  await page.getByRole("group", { name: "Do you take any medicines?" }).getByLabel("Yes").check();
  await page.getByLabel(/Which medicines/).fill("Metformin 500 mg");
  await page.getByRole("group", { name: "Are you allergic to anything?" }).getByLabel("No").check();
  await page.getByRole("group", { name: "Are you pregnant or nursing?" }).getByLabel("Doesn’t apply to me").check();
  await page.getByRole("group", { name: "Do you smoke, vape or use tobacco?" }).getByLabel("Never").check();
  await page.getByRole("group", { name: /antibiotics before dental visits/ }).getByLabel("No", { exact: true }).check();
  await next(page, "Save and continue");

  await step(page, "/intake/check-answers");
  await expect(page.getByText("MET-4455667")).toBeVisible();
  await expect(page.getByText("Metformin 500 mg")).toBeVisible();
  // The thumbnails are the stored photos: re-encoded, with no EXIF (no GPS, no camera) left.
  for (const side of ["front", "back"]) {
    const img = page.getByRole("img", { name: `Your card, ${side}` });
    await expect(img).toBeVisible();
    for (const size of ["&size=thumbnail", ""]) {
      const photo = await page.request.get(`/intake/card-photo/${side}?token=${token}${size}`);
      expect(photo.status()).toBe(200);
      const bytes = await photo.body();
      expect(bytes.includes(Buffer.from(CAMERA))).toBe(false);
      expect(await hasExif(bytes)).toBe(false);
    }
  }
  await next(page, "Confirm and send");

  await step(page, "/intake/confirmation");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Intake complete");
  await page.goto(`/intake?token=${token}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your intake is complete");
  if (!jsEnabled(testInfo)) requests.assertJsOff();
});

test("a wrong intake token is the site's 404, on the start page, a step and a photo", async ({ page }) => {
  for (const path of ["/intake?token=nope", "/intake/insurance/card?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "/intake/card-photo/front?token=x"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
});
