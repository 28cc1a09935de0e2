/**
 * Where content comes from: a Contentful space through the real `contentful` client (delivery host and
 * tokens in production, preview otherwise), or the embedded export in `content/<space>.json` when the space
 * is not configured. Both answer entries in the Delivery API's shape (decision 008).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { createClient } from "contentful";
import { getEnv, type Env } from "~/platform/env.server";
import { localImageUrl } from "./images.server";
import { deliveredEntries, type DeliveredEntry, type SpaceExport } from "./export";
import { BoundedMap } from "~/rules/bounded-map";

export type Space = "marketing" | "profile";

export type ContentSource = {
  /** `contentful:<space>` or `embedded:<space>`, for logs and the decision record. */
  name: string;
  /** The entries of a content type whose `field` equals `value`, in a locale (a field it lacks: its fallback's value). */
  find(contentType: string, field: string, value: string, locale: string): Promise<DeliveredEntry[]>;
};

/**
 * A page render's budget for Contentful: one try, short timeout. The client's own retries (exponential, up to
 * minutes) are for background refreshes, where nobody waits (pages.server.ts).
 */
export const REQUEST_TIMEOUT_MS = 1_200;

/** Where a real space's images are served (Images API), for the Content-Security-Policy. */
export const CONTENTFUL_IMAGES_ORIGIN = "https://images.ctfassets.net";

const embeddedCache = new BoundedMap<Space, SpaceExport>("embedded content exports", 10);
function embeddedExport(space: Space): SpaceExport {
  let data = embeddedCache.get(space);
  if (!data) {
    data = JSON.parse(readFileSync(path.join(process.cwd(), "content", `${space}.json`), "utf8")) as SpaceExport;
    // The export's image files are served by this site (images.server.ts), not by images.ctfassets.net.
    for (const asset of data.assets) {
      for (const file of Object.values(asset.fields.file ?? {}) as { url?: string }[]) if (file.url) file.url = localImageUrl(file.url);
    }
    embeddedCache.set(space, data);
  }
  return data;
}

/** The export's entries of a type in a locale in the Delivery API's shape, worked out once per process (the file never changes). */
const delivered = new BoundedMap<string, DeliveredEntry[]>("embedded content entries", 200);

export function embeddedSource(space: Space): ContentSource {
  return {
    name: `embedded:${space}`,
    async find(contentType, field, value, locale) {
      const key = `${space}/${contentType}/${locale}`;
      let entries = delivered.get(key);
      if (!entries) delivered.set(key, (entries = deliveredEntries(embeddedExport(space), contentType, locale)));
      return entries.filter((e) => e.fields[field] === value);
    },
  };
}

/** A space's client settings, or null when it is not configured (then the embedded content is used). */
export function contentfulSettings(space: Space, env: Env = getEnv()) {
  const key = space === "marketing" ? "MARKETING" : "PROFILE";
  const spaceId = env[`CONTENTFUL_${key}_SPACE_ID`];
  const production = env.NODE_ENV === "production";
  const accessToken = production ? env[`CONTENTFUL_${key}_DELIVERY_TOKEN`] : env[`CONTENTFUL_${key}_PREVIEW_TOKEN`];
  if (!spaceId || !accessToken) return null;
  const custom = env.CONTENTFUL_HOST?.replace(/\/+$/, "");
  return {
    space: spaceId,
    accessToken,
    environment: env.CONTENTFUL_ENVIRONMENT,
    host: custom ? custom.replace(/^https?:\/\//, "") : production ? "cdn.contentful.com" : "preview.contentful.com",
    insecure: custom?.startsWith("http://") ?? false,
  };
}

export function contentfulSource(space: Space, settings: NonNullable<ReturnType<typeof contentfulSettings>>, { retries = 0 } = {}): ContentSource {
  const client = createClient({
    ...settings,
    timeout: REQUEST_TIMEOUT_MS,
    retryOnError: retries > 0,
    retryLimit: retries,
    // The client masks the token in its own errors; our log lines name the space, never a token.
    logHandler: (level, data) => {
      if (level === "error" || level === "warning") console.warn(`[content] contentful:${space} ${level}`, typeof data === "string" ? data.slice(0, 200) : "");
    },
  });
  return {
    name: `contentful:${space}`,
    async find(contentType, field, value, locale) {
      // Contentful answers the locale's values, each missing field from the locale's fallback (es-US → en-US).
      const page = await client.getEntries({ content_type: contentType, [`fields.${field}`]: value, include: 2, limit: 10, locale } as never);
      return page.items as unknown as DeliveredEntry[];
    },
  };
}
