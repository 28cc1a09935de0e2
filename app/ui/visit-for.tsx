import { Trans } from "~/i18n/use-t";

// Apart from visit.tsx (the studio's facts and card): the cancel and reschedule pages say whose visit it is without
// loading those (+2.1 KB gzip on them when it lived there, over the 96 KB budget; decision 057).

/** "For Sam Rivera": whose visit it is (issue 33 C), when the server named them for this reader. */
export function VisitFor({ name }: { name?: string | null }) {
  if (!name) return null;
  return (
    <p className="lead">
      <Trans k="visit.for" vars={{ name }} tags={{ who: <span className="visit-for" /> }} />
    </p>
  );
}
