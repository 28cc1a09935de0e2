import { BRAND } from "~/platform/brand";
import { formatLocalShortDate, formatLocalTime } from "~/rules/zoned-time";
import { encodingOf, MAX_SEGMENTS, segmentsOf, type Encoding } from "./segments";

/**
 * The texts (issue 31 B), short, in the patient's language, each naming the brand and studio, the visit's local time
 * (the studio's clock) and a link to manage it. Each must fit two segments: a text is sent as written when it does;
 * else with the characters outside GSM-7 spelt without their accents (á → a: Spanish SMS often are), so it is billed
 * at 153 and not 67 characters a segment; else its shorter form. The tests check every kind in both languages with
 * long studio names and a long site address.
 */
export type TextKind =
  | "booked"
  | "series_booked"
  | "moved"
  | "cancelled"
  | "series_cancelled"
  | "reminder_2d"
  | "reminder_2h"
  | "offer"
  | "confirmed"
  | "move_link"
  | "card_link"
  | "intake_link"
  | "stop"
  | "start"
  | "help"
  | "staff";

export const LOCALES = ["en-US", "es-US"] as const;
type Locale = (typeof LOCALES)[number];

export type TextVars = {
  studio: string;
  /** The visit's (or opening's) start and the studio's zone. */
  at?: Date;
  tz?: string;
  link?: string;
  phone?: string;
  message?: string;
  /** How many visits a series has (issue 39). */
  count?: number;
};

/** Long names are cut (never mid-surrogate) so the text still fits. */
export const STUDIO_NAME_MAX = 40;

type Words = { when: string; studio: string; link: string; phone: string; message: string; count: string };
type Template = (w: Words) => string[];

const EN: Record<TextKind, Template> = {
  booked: (w) => [
    `${BRAND}: your visit at ${w.studio} is booked for ${w.when}. Reply C to confirm, R to move it. Manage: ${w.link} Reply STOP to stop, HELP for help.`,
    `${BRAND}: visit booked at ${w.studio}, ${w.when}. Manage: ${w.link} Reply STOP to stop.`,
  ],
  series_booked: (w) => [
    `${BRAND}: your ${w.count} visits at ${w.studio} are booked, the first on ${w.when}. Each one is in your email. Manage the first: ${w.link} Reply STOP to stop, HELP for help.`,
    `${BRAND}: ${w.count} visits booked at ${w.studio}, the first ${w.when}. Manage: ${w.link} Reply STOP to stop.`,
  ],
  moved: (w) => [`${BRAND}: your visit at ${w.studio} is now ${w.when}. Manage: ${w.link}`],
  cancelled: (w) => [`${BRAND}: your visit at ${w.studio} on ${w.when} is cancelled. Book again: ${w.link}`],
  series_cancelled: (w) => [`${BRAND}: your ${w.count} visits at ${w.studio} from ${w.when} on are cancelled. Book again: ${w.link}`],
  reminder_2d: (w) => [
    `${BRAND}: reminder of your visit at ${w.studio} on ${w.when}. Reply C to confirm, R to move it. Manage: ${w.link}`,
    `${BRAND}: visit at ${w.studio}, ${w.when}. Manage: ${w.link}`,
  ],
  reminder_2h: (w) => [`${BRAND}: see you at ${w.studio} at ${w.when}. Manage: ${w.link}`],
  offer: (w) => [
    `${BRAND}: a time opened at ${w.studio}: ${w.when}. The first to claim it gets it: ${w.link}`,
    `${BRAND}: ${w.studio}, ${w.when} is free: ${w.link}`,
  ],
  confirmed: (w) => [`${BRAND}: thank you, your visit at ${w.studio} on ${w.when} is confirmed.`],
  move_link: (w) => [`${BRAND}: to move your visit at ${w.studio} on ${w.when}, open ${w.link}`],
  card_link: (w) => [
    `${BRAND}: to hold your visit at ${w.studio} on ${w.when}, please add a card on our secure page (we never ask for it by phone): ${w.link}`,
    `${BRAND}: add a card for your visit at ${w.studio}, ${w.when}: ${w.link}`,
  ],
  intake_link: (w) => [
    `${BRAND}: before your visit at ${w.studio} on ${w.when}, please fill in your health form: ${w.link}`,
    `${BRAND}: your form for ${w.studio}, ${w.when}: ${w.link}`,
  ],
  stop: () => [`${BRAND}: you are unsubscribed and will get no more texts from us. Reply START to get them again.`],
  start: () => [`${BRAND}: texts about your visits are on again. Msg & data rates may apply. Reply STOP to stop, HELP for help.`],
  help: (w) => [
    `${BRAND} ${w.studio}: call us at ${w.phone}. Texts about your visits, a few a month. Msg & data rates may apply. Reply STOP to stop.`,
    `${BRAND}: call ${w.phone}. Reply STOP to stop.`,
  ],
  staff: (w) => [`${BRAND} ${w.studio}: ${w.message}`],
};

const ES: Record<TextKind, Template> = {
  booked: (w) => [
    `${BRAND}: su cita en ${w.studio} es el ${w.when}. Responda C para confirmarla o R para cambiarla. Gestionar: ${w.link} Responda PARAR para no recibir más, AYUDA para ayuda.`,
    `${BRAND}: cita en ${w.studio}, ${w.when}. Gestionar: ${w.link} Responda PARAR para no recibir más.`,
  ],
  series_booked: (w) => [
    `${BRAND}: sus ${w.count} citas en ${w.studio} están reservadas, la primera el ${w.when}. Cada una está en su correo. Gestionar la primera: ${w.link} Responda PARAR para no recibir más, AYUDA para ayuda.`,
    `${BRAND}: ${w.count} citas en ${w.studio}, la primera el ${w.when}. Gestionar: ${w.link} Responda PARAR para no recibir más.`,
  ],
  moved: (w) => [`${BRAND}: su cita en ${w.studio} es ahora el ${w.when}. Gestionar: ${w.link}`],
  cancelled: (w) => [`${BRAND}: su cita en ${w.studio} del ${w.when} está cancelada. Reservar otra: ${w.link}`],
  series_cancelled: (w) => [`${BRAND}: sus ${w.count} citas en ${w.studio} desde el ${w.when} están canceladas. Reservar otra: ${w.link}`],
  reminder_2d: (w) => [
    `${BRAND}: le recordamos su cita en ${w.studio} el ${w.when}. Responda C para confirmarla o R para cambiarla. Gestionar: ${w.link}`,
    `${BRAND}: cita en ${w.studio}, ${w.when}. Gestionar: ${w.link}`,
  ],
  reminder_2h: (w) => [`${BRAND}: le esperamos en ${w.studio} el ${w.when}. Gestionar: ${w.link}`],
  offer: (w) => [
    `${BRAND}: se liberó una hora en ${w.studio}: ${w.when}. Es para quien la reclame primero: ${w.link}`,
    `${BRAND}: ${w.studio}, ${w.when} libre: ${w.link}`,
  ],
  confirmed: (w) => [`${BRAND}: gracias, su cita en ${w.studio} el ${w.when} está confirmada.`],
  move_link: (w) => [`${BRAND}: para cambiar su cita en ${w.studio} del ${w.when}, abra ${w.link}`],
  card_link: (w) => [
    `${BRAND}: para reservar su cita en ${w.studio} el ${w.when}, añada una tarjeta en nuestra página segura (nunca la pedimos por teléfono): ${w.link}`,
    `${BRAND}: añada una tarjeta para su cita en ${w.studio}, ${w.when}: ${w.link}`,
  ],
  intake_link: (w) => [
    `${BRAND}: antes de su cita en ${w.studio} el ${w.when}, complete su formulario de salud: ${w.link}`,
    `${BRAND}: su formulario para ${w.studio}, ${w.when}: ${w.link}`,
  ],
  stop: () => [`${BRAND}: ya no recibirá más mensajes de texto nuestros. Responda START para volver a recibirlos.`],
  start: () => [`${BRAND}: vuelve a recibir mensajes sobre sus citas. Pueden aplicarse tarifas de mensajes y datos. Responda PARAR para dejar de recibirlos, AYUDA para ayuda.`],
  help: (w) => [
    `${BRAND} ${w.studio}: llámenos al ${w.phone}. Mensajes sobre sus citas, pocos al mes. Pueden aplicarse tarifas de mensajes y datos. Responda PARAR para no recibir más.`,
    `${BRAND}: llame al ${w.phone}. Responda PARAR para no recibir más.`,
  ],
  staff: (w) => [`${BRAND} ${w.studio}: ${w.message}`],
};

const localeOf = (locale: string): Locale => (locale === "es-US" ? "es-US" : "en-US");

/** "Sat, Jan 9, 10:00 AM" / "sáb, 9 de ene, 10:00 a.m." on the studio's clock. */
export function whenText(at: Date, tz: string, locale: string): string {
  return `${formatLocalShortDate(at, tz, localeOf(locale))}, ${formatLocalTime(at, tz, localeOf(locale))}`.replace(/[\u00a0\u202f]/g, " ");
}

/** Characters outside GSM-7 spelt without their accents (á → a); anything still outside becomes "?". */
export function toGsm7(text: string): string {
  let out = "";
  for (const ch of text.replace(/[\u00a0\u202f\u2009]/g, " ").replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"').replace(/[\u2013\u2014]/g, "-")) {
    if (encodingOf(ch) === "GSM-7") out += ch;
    else {
      const bare = ch.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
      out += bare && encodingOf(bare) === "GSM-7" ? bare : "?";
    }
  }
  return out;
}

const fits = (text: string) => segmentsOf(text).segments <= MAX_SEGMENTS;

/**
 * A staff answer goes as at most this many UCS-2 segments (67 characters each) when it has a character outside GSM-7
 * (an emoji, a curly quote): about the length two GSM-7 segments carry, so staff get the same room either way.
 */
export const STAFF_UCS2_SEGMENTS = 5;

export type StaffAnswer = {
  text: string;
  encoding: Encoding;
  segments: number;
  /** The characters that make it UCS-2, each once, as the form names them. */
  outside: string[];
  fits: boolean;
};

/**
 * A staff answer as it will be sent (decision 062, amended by 072): as written, never with a character turned into
 * "?" or stripped of its accent — staff chose the words. UCS-2 when one character needs it; it fits in two GSM-7
 * segments or STAFF_UCS2_SEGMENTS UCS-2 ones.
 */
export function composeStaffAnswer(studio: string, message: string): StaffAnswer {
  const text = EN.staff({ studio: Array.from(studio).slice(0, STUDIO_NAME_MAX).join("").trim(), message, when: "", link: "", phone: "", count: "" })[0];
  const { encoding, segments } = segmentsOf(text);
  const outside = [...new Set(Array.from(text).filter((ch) => encodingOf(ch) === "UCS-2"))];
  return { text, encoding, segments, outside, fits: segments <= (encoding === "GSM-7" ? MAX_SEGMENTS : STAFF_UCS2_SEGMENTS) };
}

/** The text of a kind in a language, as it will be sent; null when even its shortest form would not fit. */
export function composeText(kind: TextKind, locale: string, vars: TextVars): string | null {
  const words: Words = {
    studio: Array.from(vars.studio).slice(0, STUDIO_NAME_MAX).join("").trim(),
    when: vars.at && vars.tz ? whenText(vars.at, vars.tz, locale) : "",
    link: vars.link ?? "",
    phone: vars.phone ?? "",
    message: vars.message ?? "",
    count: String(vars.count ?? ""),
  };
  for (const candidate of (localeOf(locale) === "es-US" ? ES : EN)[kind](words)) {
    if (fits(candidate)) return candidate;
    const plain = toGsm7(candidate);
    if (fits(plain)) return plain;
  }
  return null;
}
