/**
 * The rest of the Reports screen: top products and collections, custom work against catalogue
 * orders, and late dispatches (orders past their promised dispatch day, decision 0046).
 */
import { indiaDate } from "~/lib/dates";
import { formatInr } from "~/lib/money";
import type { KindRow, LateDispatches, TopRow } from "~/features/reports/reports";

const KIND_LABELS: Record<KindRow["kind"], string> = {
  catalogue: "Catalogue orders",
  custom: "Custom work",
  shipping: "Shipping charges",
};

const box = "min-w-0 rounded-2xl border border-cream-200 bg-white/85 p-4";

function TopList({ title, rows }: { title: string; rows: readonly TopRow[] }) {
  return (
    <section className={box} aria-label={title}>
      <h2 className="mb-2 text-lg text-ink-900">{title}</h2>
      {rows.length === 0 ? (
        <p className="text-sm text-ink-500">No sales in this period.</p>
      ) : (
        <ol className="space-y-1 text-sm">
          {rows.map((row) => (
            <li key={`${row.id}:${row.name}`} className="flex justify-between gap-3">
              <span className="min-w-0 truncate" title={row.name}>
                {row.name} <span className="text-ink-500">× {row.quantity}</span>
              </span>
              <span className="tabular-nums">{formatInr(row.gross)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export default function SalesBreakdown({
  topProducts,
  topCollections,
  kinds,
  late,
}: {
  topProducts: readonly TopRow[];
  topCollections: readonly TopRow[];
  kinds: readonly KindRow[];
  late: LateDispatches;
}) {
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
      <TopList title="Top products" rows={topProducts} />
      <TopList title="Top collections" rows={topCollections} />
      <section className={box} aria-label="Custom work and catalogue">
        <h2 className="mb-2 text-lg text-ink-900">Custom work and catalogue</h2>
        <ul className="space-y-1 text-sm">
          {kinds.map((k) => (
            <li key={k.kind} className="flex justify-between gap-3" data-kind={k.kind}>
              <span>
                {KIND_LABELS[k.kind]} <span className="text-ink-500">({k.orders})</span>
              </span>
              <span className="tabular-nums">{formatInr(k.total)}</span>
            </li>
          ))}
        </ul>
      </section>
      <section className={box} aria-label="Late dispatches" data-late-dispatches={late.late}>
        <h2 className="mb-2 text-lg text-ink-900">Late dispatches</h2>
        <p className="text-sm text-ink-700">
          {late.late} of {late.due} orders due in this period were dispatched late or are still
          waiting.
        </p>
        {late.orders.length > 0 && (
          <ul className="mt-2 space-y-1 text-sm">
            {late.orders.map((o) => (
              <li key={o.id} className="flex justify-between gap-3">
                <a href={`/admin/order/${encodeURIComponent(o.id)}`} className="underline">
                  {o.id.slice(0, 8)}
                </a>
                <span className="text-ink-500">
                  due {indiaDate(o.promisedAt)},{" "}
                  {o.shippedAt ? `shipped ${indiaDate(o.shippedAt)}` : "not shipped"} ({o.daysLate}{" "}
                  {o.daysLate === 1 ? "day" : "days"} late)
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
