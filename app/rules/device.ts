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

/** The reader's words for a message key (the i18n `t`; rules stay free of app imports). */
type Say = (key: string, vars?: Record<string, string | number>) => string;

export function deviceLabel(userAgent: string, t: Say): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return t("account.sessions.device", { browser, system });
  return browser ?? system ?? t("account.sessions.unknownDevice");
}

/** "Active now", "12 minutes ago", "3 hours ago", "2 days ago": a session's last use, without a time zone. */
export function lastSeenLabel(lastSeenAt: Date, now: Date, t: Say): string {
  const minutes = Math.floor((now.getTime() - lastSeenAt.getTime()) / 60_000);
  if (minutes < 10) return t("account.sessions.activeNow");
  if (minutes < 60) return t("account.sessions.minutesAgo", { count: minutes });
  if (minutes < 24 * 60) return t("account.sessions.hoursAgo", { count: Math.floor(minutes / 60) });
  return t("account.sessions.daysAgo", { count: Math.floor(minutes / (24 * 60)) });
}
