import { createHash } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { tFor } from "~/i18n/catalogues.server";
import { DEFAULT_LOCALE, type T } from "~/i18n/translate";

/**
 * Passwords (decision 010): argon2id with OWASP/ASVS 5.0 settings (19 MiB, 2 passes, 1 lane); at least 8
 * characters, up to 128 (ASVS asks that at least 64 be allowed), no composition rules, and none of the
 * ~49,000 most common passwords (zxcvbn-ts' offline list).
 */
const ARGON2 = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export function hashPassword(password: string): Promise<string> {
  return hash(password.normalize("NFKC"), ARGON2);
}

let dummyHash: Promise<string> | undefined;

/**
 * Whether the password matches. Without a stored hash (unknown email) the same work is done against a
 * dummy hash, so a wrong email and a wrong password take about as long.
 */
export async function checkPassword(stored: string | null, password: string): Promise<boolean> {
  dummyHash ??= hashPassword("an account that does not exist");
  const target = stored ?? (await dummyHash);
  const ok = await verify(target, password.normalize("NFKC")).catch(() => false);
  return stored !== null && ok;
}

let common: Promise<Set<string>> | undefined;
async function commonPasswords(): Promise<Set<string>> {
  common ??= import("@zxcvbn-ts/language-common").then(({ dictionary }) => new Set(dictionary["passwords-common"] as string[]));
  return common;
}

/** Why a new password is refused, in the reader's words (English for the console); null when it is fine. */
export async function passwordProblem(password: string, email?: string, t: T = tFor(DEFAULT_LOCALE)): Promise<string | null> {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return t("account.errors.passwordTooShort", { min: PASSWORD_MIN });
  if (length > PASSWORD_MAX) return t("account.errors.passwordTooLong", { max: PASSWORD_MAX });
  const lower = password.toLowerCase();
  if ((await commonPasswords()).has(lower)) return t("account.errors.passwordCommon");
  if (email && lower === email.toLowerCase()) return t("account.errors.passwordIsEmail");
  return null;
}

/**
 * Optional breached-password check (k-anonymity range API, e.g. https://api.pwnedpasswords.com/range/):
 * only the first 5 hex characters of the SHA-1 leave the server. Off without a URL; fail-open (a slow or
 * failing service never blocks a patient).
 */
export async function isBreachedPassword(password: string, rangeUrl: string | undefined, timeoutMs = 1500): Promise<boolean> {
  if (!rangeUrl) return false;
  const sha1 = createHash("sha1").update(password).digest("hex").toUpperCase();
  const prefix = sha1.slice(0, 5);
  const suffix = sha1.slice(5);
  try {
    const response = await fetch(`${rangeUrl.replace(/\/+$/, "")}/${prefix}`, {
      headers: { "Add-Padding": "true" },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) return false;
    const body = await response.text();
    return body.split("\n").some((line) => {
      const [candidate, count] = line.trim().split(":");
      return candidate === suffix && Number(count) > 0;
    });
  } catch {
    return false;
  }
}
