/**
 * Charts drawn on the server as SVG (issue 40, decision 077): no client JavaScript, a `<title>` for each, and the
 * same numbers in a table beside them. The viewBox is about a phone's width, so the text stays legible at 360 px;
 * colours are the design system's (console.css: .chart-*).
 */

const WIDTH = 320;

/** Horizontal bars: one labelled row per value, the bar's length proportional to the largest (or to `max`). */
export function BarChart({ id, title, rows, max, unit = "" }: { id: string; title: string; rows: { label: string; value: number }[]; max?: number; unit?: string }) {
  const top = Math.max(max ?? 0, ...rows.map((r) => r.value), 1);
  const row = 26;
  const labelWidth = 120;
  const barSpace = WIDTH - labelWidth - 50;
  const height = rows.length * row + 4;
  return (
    <svg className="chart" viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-labelledby={`${id}-title`} preserveAspectRatio="xMinYMin meet">
      <title id={`${id}-title`}>{title}</title>
      {rows.map((r, i) => {
        const w = Math.round((r.value / top) * barSpace * 10) / 10;
        const y = i * row + 2;
        return (
          <g key={r.label}>
            <text className="chart-label" x={labelWidth - 6} y={y + 17} textAnchor="end">
              {r.label.length > 15 ? `${r.label.slice(0, 14)}…` : r.label}
            </text>
            <rect className="chart-bar" x={labelWidth} y={y + 3} width={Math.max(w, r.value > 0 ? 1 : 0)} height={row - 6} rx={2} />
            <text className="chart-value" x={labelWidth + w + 4} y={y + 17}>
              {r.value}
              {unit}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** Weekday × hour: each cell's shade from the page's paper to the accent, in 5 steps of the busiest cell. */
export function HeatMap({ id, title, cells }: { id: string; title: string; cells: { weekday: number; hour: number; count: number }[] }) {
  const hours = cells.length ? [Math.min(...cells.map((c) => c.hour)), Math.max(...cells.map((c) => c.hour))] : [8, 17];
  const first = hours[0]!;
  const span = hours[1]! - first + 1;
  const top = Math.max(1, ...cells.map((c) => c.count));
  const left = 38;
  const cell = Math.min(24, (WIDTH - left) / span);
  const height = 7 * 22 + 24;
  const count = (d: number, h: number) => cells.find((c) => c.weekday === d && c.hour === h)?.count ?? 0;
  return (
    <svg className="chart" viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-labelledby={`${id}-title`} preserveAspectRatio="xMinYMin meet">
      <title id={`${id}-title`}>{title}</title>
      {DAYS.map((day, d) => (
        <g key={day}>
          <text className="chart-label" x={left - 4} y={d * 22 + 16} textAnchor="end">
            {day}
          </text>
          {Array.from({ length: span }, (_, i) => {
            const n = count(d, first + i);
            const step = n ? Math.ceil((n / top) * 5) : 0;
            return <rect key={i} className={`chart-heat-${step}`} x={left + i * cell} y={d * 22 + 2} width={cell - 1} height={20} />;
          })}
        </g>
      ))}
      {Array.from({ length: span }, (_, i) =>
        (first + i) % 2 === 0 || span <= 8 ? (
          <text key={i} className="chart-label" x={left + i * cell + cell / 2} y={7 * 22 + 18} textAnchor="middle">
            {(first + i) % 12 || 12}
            {first + i < 12 ? "a" : "p"}
          </text>
        ) : null,
      )}
    </svg>
  );
}
