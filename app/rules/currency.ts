// Spec §5: "Currency is shown in USD with two decimals; .00 is dropped by default."

import { numberFormat } from "./intl-formats";

const usd = (locale: string) => numberFormat(locale, { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "$1,250" / "$89.50" in the reader's locale (es-US writes US dollars the same way). */
export function formatUsd(cents: number, { keepZeroCents = false, locale = "en-US" }: { keepZeroCents?: boolean; locale?: string } = {}): string {
  const whole = Math.round(cents);
  const text = usd(locale).format(whole / 100);
  return !keepZeroCents && whole % 100 === 0 ? text.replace(/[.,]00(?=\D*$)/, "") : text;
}
