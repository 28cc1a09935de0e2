/**
 * The insurance card step (issue 7 C) through its real action, with multipart posts as a browser without
 * JavaScript sends them and a real database: good photos are stored re-encoded, upright and without EXIF;
 * each bad file answers the page with 400 and a message, and the other side's photo is kept.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { callRoute } from "../helpers/route-call";

process.env.SESSION_SECRET = "intake-card-test-secret-0123456789-abcdefg";
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "intake-card-"));

const { describeEachEngine } = await import("../helpers/db");
const { createPatient, createStudioWithProviders } = await import("../fixtures/factories");
const photos = await import("../fixtures/card-photos");
const { appointments, intakeCardPhotos } = await import("~/db/schema");
const provider = await import("~/routes/intake+/insurance.provider");
const card = await import("~/routes/intake+/insurance.card");
const photo = await import("~/routes/intake+/card-photo.$side");

type Fn = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<unknown>;
const ORIGIN = "http://localhost";

function call(fn: Fn, request: Request, params: Record<string, string> = {}, context: object = {}): Promise<Response> {
  return callRoute(fn, request, { params, context });
}

type Part = { name: string; value: string } | { name: string; filename: string; type: string; bytes: Uint8Array };
/** A multipart body as a browser builds it, file inputs left empty included. */
function multipart(parts: Part[]) {
  const form = new FormData();
  for (const p of parts) {
    if ("value" in p) form.append(p.name, p.value);
    else form.append(p.name, new File([Buffer.from(p.bytes)], p.filename, { type: p.type }));
  }
  return form;
}
const postCard = (q: string, parts: Part[], context: object = {}) =>
  call(card.action as Fn, new Request(`${ORIGIN}/intake/insurance/card${q}`, { method: "POST", body: multipart(parts), headers: { Origin: ORIGIN } }), {}, context);
const file = (name: "front" | "back", bytes: Uint8Array, filename = `${name}.jpg`, type = "image/jpeg"): Part => ({ name, filename, type, bytes });
const noFile = (name: "front" | "back"): Part => ({ name, filename: "", type: "application/octet-stream", bytes: new Uint8Array() });
type Reply = { error?: Record<string, string[] | null> };

describeEachEngine("intake card photos", ({ db }) => {
  let studio: string;
  let providerId: number;
  beforeAll(async () => {
    const s = await createStudioWithProviders(db().db, { roles: ["dentist"] });
    studio = s.slug;
    providerId = s.providerIds[0];
  });

  let slot = 0;
  /** A booked consult whose patient has given their insurance: the card page is next. */
  async function atCardStep() {
    const patient = await createPatient(db().db, {});
    const startsAt = new Date(Date.UTC(2032, 1, 2, 15) + slot++ * 86_400_000);
    const token = randomBytes(24).toString("base64url");
    const [row] = await db()
      .db.insert(appointments)
      .values({ token, patientId: patient.id, studioSlug: studio, providerId, serviceType: "GENOCON", startsAt, endsAt: new Date(startsAt.getTime() + 1800_000), status: "CONFIRMED", needsInsurance: true })
      .returning();
    const q = `?token=${token}`;
    const body = new URLSearchParams({ carrier: "METLIFE", planType: "PPO", memberId: "MZ-123456", relationship: "self" });
    const saved = await call(provider.action as Fn, new Request(`${ORIGIN}/intake/insurance/provider${q}`, { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN } }));
    expect(saved.headers.get("Location")).toBe(`/intake/insurance/card${q}`);
    return { id: row.id, q };
  }
  const stored = async (id: number) =>
    db().db.select().from(intakeCardPhotos).where(eq(intakeCardPhotos.appointmentId, id));

  it("a sideways JPEG and a PNG, both with GPS in their EXIF: stored upright, re-encoded, with no EXIF left; served back only with the token", async () => {
    const v = await atCardStep();
    const res = await postCard(v.q, [file("front", await photos.sidewaysJpegWithGps()), file("back", await photos.pngWithGps(), "back.png", "image/png")]);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/intake/insurance/results${v.q}`);
    const rows = await stored(v.id);
    expect(rows.map((r) => r.side).sort()).toEqual(["back", "front"]);
    for (const row of rows) {
      expect(await photos.hasExif(row.bytes)).toBe(false);
      expect(await photos.hasExif(row.thumbnail)).toBe(false);
      expect(row.mime).toBe("image/jpeg");
    }
    const front = rows.find((r) => r.side === "front")!;
    expect(await photos.sizeOf(front.bytes)).toEqual({ width: 380, height: 600, format: "jpeg" });

    const served = await call(photo.loader as Fn, new Request(`${ORIGIN}/intake/card-photo/front${v.q}`), { side: "front" });
    expect(served.status).toBe(200);
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(served.headers.get("Cache-Control")).toBe("private, no-store");
    expect(served.headers.get("Content-Disposition")).toMatch(/^inline; filename="insurance-card-front\.jpg"$/);
    expect(await photos.hasExif(new Uint8Array(await served.arrayBuffer()))).toBe(false);
    const stranger = await call(photo.loader as Fn, new Request(`${ORIGIN}/intake/card-photo/front?token=${randomBytes(24).toString("base64url")}`), { side: "front" });
    expect(stranger.status).toBe(404);
  });

  it.each([
    ["a text file named card.jpg", () => photos.textAsJpeg(), /not a JPEG, PNG or WebP image/],
    ["a 12 MB image", () => photos.twelveMegabytes(), /larger than 10 MB/],
    ["an empty file", () => new Uint8Array(), /empty file/],
    ["a truncated JPEG", () => photos.truncatedJpeg(), /could not be read/],
    ["a decompression bomb", () => photos.pixelBombPng(), /too large an image/],
  ])("%s on the back answers the page with 400 and a message; the front photo is kept", async (_name, make, message) => {
    const v = await atCardStep();
    const res = await postCard(v.q, [file("front", await photos.pngWithGps(), "front.png", "image/png"), file("back", await make())]);
    expect(res.status).toBe(400);
    const reply = (await res.json()) as Reply;
    expect(reply.error?.back?.[0]).toMatch(message);
    expect((await stored(v.id)).map((r) => r.side)).toEqual(["front"]);
    // The page still shows the kept photo when it is opened again.
    const page = (await (await call(card.loader as Fn, new Request(`${ORIGIN}/intake/insurance/card${v.q}`))).json()) as { thumbnails: { side: string }[] };
    expect(page.thumbnails.map((t) => t.side)).toEqual(["front"]);
  });

  it("no photos needs “I’ll bring my card”; with it ticked the patient moves on, and empty file inputs change nothing", async () => {
    const v = await atCardStep();
    const none = await postCard(v.q, [noFile("front"), noFile("back")]);
    expect(none.status).toBe(400);
    expect(((await none.json()) as Reply).error?.front?.[0]).toMatch(/Add a photo of the front.*bring my card/);
    const later = await postCard(v.q, [noFile("front"), noFile("back"), { name: "later", value: "on" }]);
    expect(later.status).toBe(303);
    expect(await stored(v.id)).toEqual([]);
  });

  it("a post the server refused as too large for an upload answers this page, 400, never an error page", async () => {
    const v = await atCardStep();
    const res = await postCard(v.q, [], { uploadTooLarge: true });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Reply).error?.front?.[0]).toMatch(/larger than 10 MB/);
  });

  it("garbage — not multipart, a broken multipart body — answers 400 with the page, never a 500", async () => {
    const v = await atCardStep();
    const url = `${ORIGIN}/intake/insurance/card${v.q}`;
    const plain = await call(card.action as Fn, new Request(url, { method: "POST", body: "front=x", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN } }));
    expect(plain.status).toBe(400);
    const broken = await call(
      card.action as Fn,
      new Request(url, { method: "POST", body: "--zz\r\nContent-Disposition: form-data; name=\"front\"; filename=\"a.jpg\"\r\n\r\n\xff\xd8", headers: { "Content-Type": "multipart/form-data; boundary=zz", Origin: ORIGIN } }),
    );
    expect(broken.status).toBe(400);
    const rows = await db().db.select().from(intakeCardPhotos).where(and(eq(intakeCardPhotos.appointmentId, v.id)));
    expect(rows).toEqual([]);
  });
});
