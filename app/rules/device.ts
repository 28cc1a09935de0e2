/**
 * A session's device as a patient recognises it ("Chrome on Android"), read from its User-Agent. Only a
 * label for the sessions list: never used to decide anything.
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/Chrome\/|\bCriOS\/|\bChromium\//, "Chrome"],
  [/\bSafari\//, "Safari"],
];
const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "Mac"],
  [/\bLinux\b/, "Linux"],
];

export function deviceLabel(userAgent: string): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? "Unknown device";
}

/** "Active now", "12 minutes ago", "3 hours ago", "2 days ago": a session's last use, without a time zone. */
export function lastSeenLabel(lastSeenAt: Date, now: Date): string {
  const minutes = Math.floor((now.getTime() - lastSeenAt.getTime()) / 60_000);
  const ago = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"} ago`;
  if (minutes < 10) return "Active now";
  if (minutes < 60) return ago(minutes, "minute");
  if (minutes < 24 * 60) return ago(Math.floor(minutes / 60), "hour");
  return ago(Math.floor(minutes / (24 * 60)), "day");
}
