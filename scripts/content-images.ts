/**
 * The embedded content's images: original illustrations (content/illustrations/*.svg, the brand palette)
 * rendered by sharp to PNG masters and written as assets of content/marketing.json, where contentful-export
 * would put them: the asset's `file.url` is `//images.ctfassets.net/<space>/<asset>/<token>/<name>` and the
 * file sits at content/assets/images.ctfassets.net/<space>/<asset>/<token>/<name> (the layout of
 * `contentful-export --download-assets`, which `contentful-import --upload-assets --assets-directory
 * content/assets` reads). The token is the master's hash, so a changed picture gets a new URL.
 *   node --import tsx scripts/content-images.ts
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const ROOT = path.resolve(import.meta.dirname, "..");
const EXPORT = path.join(ROOT, "content/marketing.json");
const SPACE = "embedded";

/** Each picture: its asset id, master width, title, alt text (the asset's description), and where it is used. */
const PICTURES = [
  { id: "home-hero", width: 1600, title: "A calm treatment room", alt: "A calm treatment room: a dental chair under a soft lamp, an arched window and a plant.", pages: ["home"] },
  { id: "about-studio", width: 1600, title: "A studio on a city street", alt: "A Studio Dental studio on a city street, with a green awning and plants by the door.", pages: ["about"] },
  { id: "breezy-braces", width: 1600, title: "A smile with braces", alt: "A wide smile with small blue braces on the teeth.", pages: ["breezy-braces"], popups: ["breezybraces"] },
  { id: "orthodontics", width: 1600, title: "A dental arch on a 3D scan", alt: "A dental arch seen from above on a scan grid, with the planned line of the teeth.", pages: ["orthodontics"] },
  { id: "invisalign", width: 1600, title: "A clear aligner and its case", alt: "A clear aligner tray beside its green carrying case.", pages: ["invisalign"] },
  { id: "leadership", width: 1600, title: "Three clinicians", alt: "Three clinicians side by side: a dentist in a white coat with a stethoscope between two colleagues in scrubs.", pages: ["leadership"] },
  { id: "popup-evergreen", width: 1000, title: "An invitation from a friend", alt: "An open envelope with a card and a heart seal, between two reward tags.", popups: ["evergreen"] },
] as const;

/** The export is untyped JSON, edited in place. */
type Json = Record<string, any>;
const now = "2026-11-23T00:00:00.000Z";
const sys = (id: string, type: string) => ({
  space: { sys: { type: "Link", linkType: "Space", id: SPACE } },
  id,
  type,
  createdAt: now,
  updatedAt: now,
  environment: { sys: { id: "master", type: "Link", linkType: "Environment" } },
  publishedVersion: 1,
  revision: 1,
});
const imageField = { id: "image", name: "Image", type: "Link", linkType: "Asset", localized: false, required: false, validations: [{ linkMimetypeGroup: ["image"] }], disabled: false, omitted: false };

async function main() {
  const space = JSON.parse(readFileSync(EXPORT, "utf8")) as Json;
  for (const type of space.contentTypes as Json[]) {
    if ((type.sys.id === "page" || type.sys.id === "friendbuyPopup") && !type.fields.some((f: Json) => f.id === "image")) type.fields.push(imageField);
  }
  const assets: Json[] = [];
  for (const picture of PICTURES) {
    const svg = readFileSync(path.join(ROOT, "content/illustrations", `${picture.id}.svg`));
    const master = await sharp(svg, { density: 144 }).resize({ width: picture.width }).png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer({ resolveWithObject: true });
    const token = createHash("sha256").update(master.data).digest("hex").slice(0, 32);
    const fileName = `${picture.id}.png`;
    const dir = path.join(ROOT, "content/assets/images.ctfassets.net", SPACE, picture.id);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(path.join(dir, token), { recursive: true });
    writeFileSync(path.join(dir, token, fileName), master.data);
    assets.push({
      sys: sys(picture.id, "Asset"),
      fields: {
        title: { "en-US": picture.title },
        description: { "en-US": picture.alt },
        file: {
          "en-US": {
            url: `//images.ctfassets.net/${SPACE}/${picture.id}/${token}/${fileName}`,
            details: { size: master.data.length, image: { width: master.info.width, height: master.info.height } },
            fileName,
            contentType: "image/png",
          },
        },
      },
    });
    const link = { "en-US": { sys: { type: "Link", linkType: "Asset", id: picture.id } } };
    for (const entry of space.entries as Json[]) {
      const slug = entry.fields.slug?.["en-US"];
      const popupId = entry.fields.popupId?.["en-US"];
      if ((picture as Json).pages?.includes(slug) || (picture as Json).popups?.includes(popupId)) entry.fields.image = link;
    }
    console.info(`${picture.id}: ${master.info.width}×${master.info.height}, ${Math.round(master.data.length / 1024)} KB`);
  }
  space.assets = assets;
  writeFileSync(EXPORT, JSON.stringify(space, null, 2) + "\n");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
