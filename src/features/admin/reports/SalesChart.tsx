/**
 * Net sales per point as an SVG bar chart drawn by React, no chart library
 * (docs/decisions/0091-charts-as-svg.md). The figures are in the table below it too: the chart is
 * for a glance, with each bar's amount in its title (a tooltip) and a summary for screen readers.
 */
import { dayLabel, monthLabel } from "~/lib/dates";
import { formatInr } from "~/lib/money";
import type { SalesPoint } from "~/features/reports/reports";
import { chartBars, labelEvery } from "./chart";

const BOX = { width: 720, height: 220, bottom: 24 };

/** "2 Apr" for a day or a week's Monday, "Apr 26" for a month (src/lib/dates.ts). */
export function pointLabel(start: string, by: "day" | "week" | "month"): string {
  return by === "month" ? monthLabel(start) : dayLabel(start);
}

export function signedInr(paise: number): string {
  return paise < 0 ? `−${formatInr(-paise)}` : formatInr(paise);
}

export default function SalesChart({
  points,
  by,
}: {
  points: readonly SalesPoint[];
  by: "day" | "week" | "month";
}) {
  const { bars, zeroY } = chartBars(
    points.map((p) => ({ label: pointLabel(p.start, by), value: p.net })),
    BOX,
  );
  const every = labelEvery(bars.length);
  const best = points.reduce<SalesPoint | null>((a, p) => (a && a.net >= p.net ? a : p), null);
  const summary = best
    ? `Net sales per ${by}; highest ${signedInr(best.net)} (${pointLabel(best.start, by)})`
    : `Net sales per ${by}`;
  return (
    <figure className="rounded-2xl border border-cream-200 bg-white/85 p-4" data-sales-chart>
      <svg
        viewBox={`0 0 ${BOX.width} ${BOX.height}`}
        className="h-auto w-full"
        role="img"
        aria-label={summary}
      >
        <line x1={0} x2={BOX.width} y1={zeroY} y2={zeroY} className="stroke-cream-300" />
        {bars.map((bar, i) => (
          <g key={points[i]?.start}>
            <rect
              x={bar.x}
              y={bar.y}
              width={bar.width}
              height={Math.max(bar.height, bar.value === 0 ? 0 : 1)}
              rx={2}
              className={bar.value < 0 ? "fill-red-400" : "fill-gold-500"}
            >
              <title>{`${bar.label}: ${signedInr(bar.value)}`}</title>
            </rect>
            {(i % every === 0 || i === bars.length - 1) && (
              <text
                // The first and last labels keep inside the chart (centred, "1 Nov" lost its "1").
                x={
                  i === 0
                    ? bar.x
                    : i === bars.length - 1
                      ? bar.x + bar.width
                      : bar.x + bar.width / 2
                }
                y={BOX.height - 6}
                textAnchor={i === 0 ? "start" : i === bars.length - 1 ? "end" : "middle"}
                className="fill-ink-500 text-[11px]"
              >
                {bar.label}
              </text>
            )}
          </g>
        ))}
      </svg>
      <figcaption className="mt-2 text-sm text-ink-500">{summary}</figcaption>
    </figure>
  );
}
