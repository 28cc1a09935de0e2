/** Late-cancel / no-show fee held on the card (DOMAIN-NOTES: $45–$150 at peers; $50 for any visit here). */
export const LATE_CANCEL_FEE_CENTS = 5000;
export const CANCEL_NOTICE_HOURS = 24;
