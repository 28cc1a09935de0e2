import { BRAND } from "~/scheduling/visit-notes";

/** The brand, spelt one way everywhere (defined once in scheduling/visit-notes, decision 008). */
export const BRAND_NAME = BRAND;

/** The logo mark: a tooth on a citron disc. Decorative: the brand name beside it is real text. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="16" fill="#E9EF9C" />
      <path
        d="M11.2 7.5c-3.2 0-5.2 2.6-5.2 5.8 0 2.7 1 4.6 1.9 6.8.8 2 1.2 4.3 1.8 6.4.5 1.6 2.4 1.6 2.9 0l1.6-5.4c.4-1.3 2.3-1.3 2.7 0l1.6 5.4c.5 1.6 2.4 1.6 2.9 0 .6-2.1 1-4.4 1.8-6.4.9-2.2 1.9-4.1 1.9-6.8 0-3.2-2-5.8-5.2-5.8-2.1 0-3.2 1.1-4.8 1.1s-2.7-1.1-4.8-1.1z"
        fill="#0F3D2E"
      />
      <path d="M19.6 10.6c1.3.3 2.1 1.3 2.2 2.7" fill="none" stroke="#E9EF9C" strokeWidth="1.4" strokeLinecap="round" />
    </svg>
  );
}
