import type { FLAVORS, SHOWS } from "~/rules/comfort-preferences";

/** The comfort preferences' names for a patient (catalogue keys), by the option slugs rules/comfort-preferences keeps. */
export const FLAVOR_LABELS: Record<(typeof FLAVORS)[number]["value"], string> = {
  mint: "booking.flavor.mint",
  cherry: "booking.flavor.cherry",
  bubblegum: "booking.flavor.bubblegum",
  unflavored: "booking.flavor.unflavored",
};
export const SHOW_LABELS: Record<(typeof SHOWS)[number]["value"], string> = {
  comedy: "booking.show.comedy",
  documentary: "booking.show.documentary",
  drama: "booking.show.drama",
  nature: "booking.show.nature",
  none: "booking.show.none",
};

/** A stored slug's name in the reader's words; an unknown one as it is. */
export const labelIn = (labels: Record<string, string>, t: (key: string) => string, value: string) => (labels[value] ? t(labels[value]) : value);
