import { useMatches } from "@remix-run/react";
import type { RootHandle } from "./unavailable";

/** The root's 503 page for this error when the database is away, else null (decision 028; see RootHandle). */
export function useOutagePage(error: unknown) {
  const root = useMatches().find((match) => match.id === "root");
  return (root?.handle as RootHandle | undefined)?.outagePage(error) ?? null;
}
