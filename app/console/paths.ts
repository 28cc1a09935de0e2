/** The console's links that pages draw (no `.server`: components call it, and a browser build must have it). */
export const dayPath = (slug: string, day: string) => `/staff/studios/${slug}/day/${day}`;
