// Spec §5: "Currency is shown in USD with two decimals; .00 is dropped by default."

const usd = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export function formatUsd(cents: number, { keepZeroCents = false }: { keepZeroCents?: boolean } = {}): string {
  const whole = Math.round(cents);
  const text = usd.format(whole / 100);
  return !keepZeroCents && whole % 100 === 0 ? text.replace(/\.00$/, "") : text;
}
