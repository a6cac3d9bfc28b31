import { useId } from "react";

export interface Bar {
  label: string;
  value: number;
  /** What the bar says beside it ("4 of 6", "67 %"); the value when left out. */
  text?: string;
}

const ROW = 28;
const LABEL_WIDTH = 210;
const BAR_WIDTH = 260;
const TEXT_WIDTH = 90;

/**
 * A horizontal bar chart drawn on the server as SVG (issue #40 §1): readable without JavaScript,
 * printable, and named for assistive technology — its title, and a description listing each bar's
 * label and text (the table beside it holds the same figures).
 */
export function BarChart({ title, bars, max }: { title: string; bars: readonly Bar[]; max?: number }) {
  const id = useId();
  const top = Math.max(max ?? 0, ...bars.map((bar) => bar.value), 1);
  const height = Math.max(bars.length, 1) * ROW + 8;
  const width = LABEL_WIDTH + BAR_WIDTH + TEXT_WIDTH;
  const description = bars.map((bar) => `${bar.label}: ${bar.text ?? bar.value}`).join("; ");
  return (
    <figure className="bar-chart">
      <figcaption id={`${id}-title`}>{title}</figcaption>
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        preserveAspectRatio="xMinYMin meet"
      >
        <desc id={`${id}-desc`}>{description}</desc>
        {bars.map((bar, index) => {
          const y = index * ROW + 4;
          const length = Math.round((Math.max(bar.value, 0) / top) * BAR_WIDTH);
          return (
            <g key={`${bar.label}-${index}`} aria-hidden="true">
              <text
                x={LABEL_WIDTH - 8}
                y={y + ROW / 2}
                textAnchor="end"
                dominantBaseline="middle"
                className="bar-chart__label"
              >
                {bar.label.length > 30 ? `${bar.label.slice(0, 29)}…` : bar.label}
              </text>
              <rect x={LABEL_WIDTH} y={y + 4} width={BAR_WIDTH} height={ROW - 10} className="bar-chart__track" />
              <rect x={LABEL_WIDTH} y={y + 4} width={length} height={ROW - 10} className="bar-chart__bar" />
              <text
                x={LABEL_WIDTH + BAR_WIDTH + 8}
                y={y + ROW / 2}
                dominantBaseline="middle"
                className="bar-chart__value"
              >
                {bar.text ?? bar.value}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
