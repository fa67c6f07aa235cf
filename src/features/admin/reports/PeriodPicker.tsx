/**
 * The period of a report: the presets (this month, last month, this financial year, India time),
 * or two dates; with `showBuckets`, per day, week or month. Changing any of them writes the
 * address (the screens read their view from it).
 */
import { useEffect, useState } from "react";
import { BUCKETS, PRESETS, rangeProblem, type Bucket } from "~/features/reports/report-range";
import { bucketOfView, type ReportsView } from "./reports-view";

interface Props {
  view: ReportsView;
  onChange(next: ReportsView): void;
  showBuckets?: boolean;
}

const chip = (active: boolean) =>
  `rounded-full px-4 py-1.5 text-sm font-medium ${
    active ? "bg-ink-900 text-cream-50" : "border border-cream-300 text-ink-700 hover:bg-cream-100"
  }`;

export default function PeriodPicker({ view, onChange, showBuckets = false }: Props) {
  const [from, setFrom] = useState(view.range.from);
  const [to, setTo] = useState(view.range.to);
  useEffect(() => {
    setFrom(view.range.from);
    setTo(view.range.to);
  }, [view.range.from, view.range.to]);
  const problem = from && to ? rangeProblem({ from, to }) : "Choose both dates";
  const by = bucketOfView(view);

  return (
    <div className="space-y-3" data-period-picker>
      <div className="flex flex-wrap gap-2" role="group" aria-label="Period">
        {PRESETS.map((preset) => (
          <button
            key={preset.value}
            type="button"
            aria-pressed={view.period === preset.value}
            className={chip(view.period === preset.value)}
            onClick={() => onChange({ period: preset.value, range: view.range, by: view.by })}
          >
            {preset.label}
          </button>
        ))}
      </div>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (!problem) onChange({ period: "custom", range: { from, to }, by: view.by });
        }}
      >
        <label className="flex flex-col text-sm text-ink-700">
          From
          <input
            type="date"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            className="rounded-lg border border-cream-300 px-3 py-1.5"
          />
        </label>
        <label className="flex flex-col text-sm text-ink-700">
          To
          <input
            type="date"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            className="rounded-lg border border-cream-300 px-3 py-1.5"
          />
        </label>
        <button type="submit" className={chip(false)} disabled={problem !== null}>
          Show
        </button>
        {problem && from && to && (
          <p className="text-sm text-red-700" role="alert">
            {problem}
          </p>
        )}
      </form>
      {showBuckets && (
        <div className="flex flex-wrap gap-2" role="group" aria-label="Points">
          {BUCKETS.map((bucket) => {
            const refused = rangeProblem(view.range, bucket.value as Bucket);
            return (
              <button
                key={bucket.value}
                type="button"
                aria-pressed={by === bucket.value}
                disabled={refused !== null}
                title={refused ?? undefined}
                className={chip(by === bucket.value)}
                onClick={() => onChange({ ...view, by: bucket.value })}
              >
                {bucket.label}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
