/**
 * The row of headline figures on the Reports and GST summary screens: two per row on a phone, four
 * from `sm`, each figure wrapping inside its box rather than widening the page.
 */
export default function TotalsGrid({
  label,
  items,
}: {
  /** The list's accessible name ("Totals", "GST totals"). */
  label: string;
  items: ReadonlyArray<readonly [string, string]>;
}) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={label}>
      {items.map(([name, value]) => (
        <div key={name} className="min-w-0 rounded-2xl border border-cream-200 bg-white/85 p-4">
          <dt className="text-xs font-medium tracking-wide text-ink-500 uppercase">{name}</dt>
          <dd
            className="mt-1 text-xl font-semibold break-words text-ink-900 sm:text-2xl"
            data-figure={name}
          >
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
