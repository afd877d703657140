import type { SplitMetrics } from '../../shared/contracts/v1Datasets.js';

const SERIES = [
  { key: 'precision', label: 'Precision', className: 'bar-precision' },
  { key: 'recall', label: 'Recall', className: 'bar-recall' },
  { key: 'performance', label: 'Performance', className: 'bar-performance' },
] as const;

/** Grouped bars per class (precision, recall, performance; 0–1), plain SVG. */
export function MetricsChart({ split, className }: { split: SplitMetrics; className: (id: number) => string }) {
  const groups = split.classes;
  const bar = 14;
  const gap = 18;
  const groupWidth = SERIES.length * bar + gap;
  const height = 160;
  const left = 34;
  const top = 10;
  const width = left + Math.max(1, groups.length) * groupWidth + 10;
  const y = (v: number) => top + height - Math.max(0, Math.min(1, v)) * height;
  return (
    <figure className="metrics-figure">
      <svg
        data-testid="metrics-chart"
        data-split={split.name}
        width={width}
        height={top + height + 40}
        role="img"
        aria-label={`Per-class precision, recall and performance on ${split.name}`}
      >
        {[0, 0.25, 0.5, 0.75, 1].map((t) => (
          <g key={t}>
            <line className="chart-grid" x1={left} x2={width - 4} y1={y(t)} y2={y(t)} />
            <text className="chart-axis" x={left - 6} y={y(t) + 4} textAnchor="end">
              {t}
            </text>
          </g>
        ))}
        {groups.map((c, gi) => (
          <g key={c.id} data-testid="metrics-class" data-class-id={c.id}>
            {SERIES.map((s, si) => {
              const value = c[s.key];
              const x = left + gap / 2 + gi * groupWidth + si * bar;
              return (
                <rect
                  key={s.key}
                  data-testid="metrics-bar"
                  data-series={s.key}
                  data-value={value}
                  className={s.className}
                  x={x}
                  y={y(value)}
                  width={bar - 2}
                  height={Math.max(0, top + height - y(value))}
                >
                  <title>
                    {className(c.id)} · {s.label}: {value}
                  </title>
                </rect>
              );
            })}
            <text
              className="chart-label"
              x={left + gap / 2 + gi * groupWidth + (SERIES.length * bar) / 2}
              y={top + height + 16}
              textAnchor="middle"
            >
              {truncate(className(c.id), 12)}
            </text>
          </g>
        ))}
      </svg>
      <figcaption className="chart-legend small">
        {SERIES.map((s) => (
          <span key={s.key}>
            <span className={`legend-swatch ${s.className}`} /> {s.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

function truncate(text: string, n: number): string {
  return text.length > n ? `${text.slice(0, n - 1)}…` : text;
}
