/** The brand, spelt one way everywhere (pages, the email's subject and sender, the calendar file's PRODID, texts). */
export const BRAND = "Studio Dental";
