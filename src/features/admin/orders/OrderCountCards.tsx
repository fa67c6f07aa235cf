/** Counts per status (docs/product.md §2 Admin orders; pending reads 'Waiting Payments'); a card filters the table by its status. */
import type { OrderStatus } from "~/features/orders/status";
import type { OrderCounts } from "./orders-admin";
import { countCards } from "./orders-dashboard";

const EMPTY_COUNTS: OrderCounts = {
  pending: 0,
  processing: 0,
  shipped: 0,
  delivered: 0,
  cancelled: 0,
};

interface Props {
  /** null while the counts are on their way (the cards show a dash). */
  counts: OrderCounts | null;
  total: number | null;
  selected: OrderStatus | "all";
  onSelect: (status: OrderStatus | "all") => void;
}

export default function OrderCountCards({ counts, total, selected, onSelect }: Props) {
  const cards = [
    { status: "all" as const, label: "All Orders", count: total },
    ...countCards(counts ?? EMPTY_COUNTS).map((card) => ({
      ...card,
      count: counts ? card.count : null,
    })),
  ];
  return (
    <ul
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6"
      aria-label="Orders per status"
    >
      {cards.map(({ status, label, count }) => (
        <li key={status}>
          <button
            type="button"
            onClick={() => onSelect(status === selected ? "all" : status)}
            aria-pressed={status === selected}
            data-count={status}
            className={`w-full rounded-2xl border p-4 text-left transition ${
              status === selected
                ? "border-gold-500 bg-cream-50 ring-2 ring-gold-300/60"
                : "border-cream-200 bg-white/85 hover:border-gold-300"
            }`}
          >
            <span className="block text-xs font-medium tracking-wide text-ink-500 uppercase">
              {label}
            </span>
            <span className="mt-1 block text-2xl font-semibold text-ink-900" data-count-value>
              {count === null ? "–" : count.toLocaleString("en-IN")}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
