/** Comfort preferences: a chosen value means the patient has the spec's FLAVOR / NETFLIX preference. */
export const FLAVORS = [
  { value: "mint", label: "Mint" },
  { value: "cherry", label: "Cherry" },
  { value: "bubblegum", label: "Bubblegum" },
  { value: "unflavored", label: "Unflavored" },
] as const;
export const SHOWS = [
  { value: "comedy", label: "Comedy" },
  { value: "documentary", label: "Documentary" },
  { value: "drama", label: "Drama" },
  { value: "nature", label: "Nature" },
  { value: "none", label: "Nothing, thanks" },
] as const;

/** Preferences in the patient record's shape (spec: FLAVOR, NETFLIX). */
export function preferencesOf(contact: { preferences: { flavor?: string; show?: string } } | undefined): { name: string; value: string }[] {
  const prefs: { name: string; value: string }[] = [];
  if (contact?.preferences.flavor) prefs.push({ name: "FLAVOR", value: contact.preferences.flavor });
  if (contact?.preferences.show) prefs.push({ name: "NETFLIX", value: contact.preferences.show });
  return prefs;
}
