/**
 * How many SMS segments a text takes (3GPP TS 23.038): a text of GSM-7 characters only fits 160 in one segment and
 * 153 a segment when split (the rest is the concatenation header); one character outside it (á, í, ó, ú, ¿, ¡, an
 * emoji, a narrow no-break space from Intl) makes the whole text UCS-2: 70, then 67 a segment. The extension table's
 * characters (€, [, ], {, }, ^, ~, \, |) take two GSM-7 septets. UCS-2 counts UTF-16 code units (an emoji is 2).
 */
const GSM7_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM7_EXTENDED = "^{}\\[~]|€\f";

const basic = new Set(GSM7_BASIC);
const extended = new Set(GSM7_EXTENDED);

export type Encoding = "GSM-7" | "UCS-2";

export function encodingOf(text: string): Encoding {
  for (const ch of text) if (!basic.has(ch) && !extended.has(ch)) return "UCS-2";
  return "GSM-7";
}

/** Septets (GSM-7) or UTF-16 code units (UCS-2) the text occupies. */
function units(text: string, encoding: Encoding): number {
  if (encoding === "UCS-2") return text.length;
  let n = 0;
  for (const ch of text) n += extended.has(ch) ? 2 : 1;
  return n;
}

export function segmentsOf(text: string): { encoding: Encoding; units: number; segments: number } {
  const encoding = encodingOf(text);
  const n = units(text, encoding);
  const [single, multi] = encoding === "GSM-7" ? [160, 153] : [70, 67];
  return { encoding, units: n, segments: n === 0 ? 1 : n <= single ? 1 : Math.ceil(n / multi) };
}

/** The most any text of ours may take (issue 31): two segments. */
export const MAX_SEGMENTS = 2;
