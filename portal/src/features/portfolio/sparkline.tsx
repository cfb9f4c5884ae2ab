/** A small line of monthly figures (months not yet booked are gaps), for a table cell. */
export function Sparkline({ values, label }: { values: ReadonlyArray<number | null>; label: string }) {
  const known = values.filter((v): v is number => v !== null);
  if (known.length === 0) return <span className="muted">–</span>;
  const [width, height] = [72, 20];
  const min = Math.min(0, ...known);
  const max = Math.max(0, ...known);
  const span = max - min || 1;
  const x = (i: number) => (i / Math.max(1, values.length - 1)) * width;
  const y = (v: number) => height - ((v - min) / span) * height;
  const points = values.flatMap((v, i) => (v === null ? [] : [`${x(i).toFixed(1)},${y(v).toFixed(1)}`]));
  return (
    <svg className="portfolio__spark" width={width} height={height} role="img" aria-label={label}>
      <line x1={0} x2={width} y1={y(0)} y2={y(0)} className="portfolio__spark-zero" />
      <polyline points={points.join(' ')} fill="none" />
    </svg>
  );
}
