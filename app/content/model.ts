/**
 * What pages render from content, whichever the source: plain objects that travel as loader data.
 * An entry missing a required field is treated as missing (null), never a broken page.
 */
import type { Document } from "@contentful/rich-text-types";
import type { DeliveredEntry } from "./export";
import { imageOf, type ImageData } from "./images";

export type ContentPage = {
  slug: string;
  title: string;
  description: string;
  heading: string;
  intro: string;
  /** The body's rich text as HTML, rendered on the server (rich-text.server.tsx). */
  bodyHtml: string;
  cta: { label: string; href: string } | null;
  /** The page's picture beside its heading (half the width from 900 px, the full width below). */
  image: ImageData | null;
};

export type Popup = { popupId: string; title: string; description: string; buttonText: string; buttonHref: string; image: ImageData | null };

const PAGE_IMAGE = { maxWidth: 560, sizes: "(min-width: 900px) 560px, calc(100vw - 2rem)" };
const POPUP_IMAGE = { maxWidth: 384, sizes: "(min-width: 30rem) 24rem, calc(100vw - 4.5rem)" };

const text = (value: unknown) => (typeof value === "string" ? value : "");
/** Only paths on this site: content cannot send a patient off-site from a button. */
const sitePath = (value: unknown) => (typeof value === "string" && /^\/(?![/\\])/.test(value) ? value : "");

function isDocument(value: unknown): value is Document {
  return typeof value === "object" && value !== null && (value as Document).nodeType === "document" && Array.isArray((value as Document).content);
}

export function toPage(entry: DeliveredEntry, renderRichText: (document: Document) => string): ContentPage | null {
  const f = entry.fields;
  if (!text(f.slug) || !text(f.title) || !text(f.heading)) return null;
  const label = text(f.ctaLabel);
  const href = sitePath(f.ctaHref);
  return {
    slug: text(f.slug),
    title: text(f.title),
    description: text(f.description),
    heading: text(f.heading),
    intro: text(f.intro),
    bodyHtml: isDocument(f.body) ? renderRichText(f.body) : "",
    cta: label && href ? { label, href } : null,
    image: imageOf(f.image, PAGE_IMAGE),
  };
}

/** `bookLabel`: the button's words when the entry has none, in the reader's language. */
export function toPopup(entry: DeliveredEntry, bookLabel: string): Popup | null {
  const f = entry.fields;
  if (!text(f.popupId) || !text(f.title)) return null;
  return { popupId: text(f.popupId), title: text(f.title), description: text(f.description), buttonText: text(f.buttonText) || bookLabel, buttonHref: sitePath(f.buttonHref) || "/booking", image: imageOf(f.image, POPUP_IMAGE) };
}

/** The public site's pages from content, at `/<slug>` (the home page is the entry with slug "home"). */
export const MARKETING_PAGES = ["about", "terms", "privacy", "contact", "breezy-braces", "orthodontics", "invisalign", "leadership", "invite-a-friend"] as const;
