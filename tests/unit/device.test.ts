import { expect, it } from "vitest";
import { tFor } from "~/i18n/catalogues.server";
import { deviceLabel, lastSeenLabel } from "~/rules/device";

const en = tFor("en-US");
const es = tFor("es-US");

it("names the browser and system of common user agents; anything else is an unknown device", () => {
  expect(deviceLabel("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36", en)).toBe("Chrome on Android");
  expect(deviceLabel("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1", en)).toBe("Safari on iPhone");
  expect(deviceLabel("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0", en)).toBe("Edge on Windows");
  expect(deviceLabel("Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:132.0) Gecko/20100101 Firefox/132.0", en)).toBe("Firefox on Mac");
  expect(deviceLabel("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36", en)).toBe("Chrome on Linux");
  expect(deviceLabel("", en)).toBe("Unknown device");
  expect(deviceLabel("curl/8.5.0", en)).toBe("Unknown device");
});

it("says when a session was last used, in words", () => {
  const now = new Date("2026-11-23T12:00:00Z");
  const before = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  expect(lastSeenLabel(before(0), now, en)).toBe("Active now");
  expect(lastSeenLabel(before(9), now, en)).toBe("Active now");
  expect(lastSeenLabel(before(10), now, en)).toBe("10 minutes ago");
  expect(lastSeenLabel(before(61), now, en)).toBe("1 hour ago");
  expect(lastSeenLabel(before(24 * 60 - 1), now, en)).toBe("23 hours ago");
  expect(lastSeenLabel(before(24 * 60), now, en)).toBe("1 day ago");
  expect(lastSeenLabel(before(3 * 24 * 60), now, en)).toBe("3 days ago");
});

it("says it in Spanish for a Spanish reader", () => {
  const now = new Date("2025-03-10T12:00:00Z");
  expect(deviceLabel("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36", es)).toBe("Chrome en Android");
  expect(deviceLabel("", es)).toBe("Dispositivo desconocido");
  expect(lastSeenLabel(now, now, es)).toBe("Activa ahora");
  expect(lastSeenLabel(new Date(now.getTime() - 61 * 60_000), now, es)).toBe("Hace 1 hora");
  expect(lastSeenLabel(new Date(now.getTime() - 3 * 24 * 60 * 60_000), now, es)).toBe("Hace 3 días");
});
