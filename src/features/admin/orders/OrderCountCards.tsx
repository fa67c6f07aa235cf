/** Counts per status (SPEC §2 Admin orders; pending reads 'Waiting Payments'); a card filters the table by its status. */
import type { OrderStatus } from "../../orders/status";
import type { OrderCounts } from "./orders-admin";
import { countCards } from "./orders-dashboard";

interface Props {
  counts: OrderCounts;
  total: number;
  selected: OrderStatus | "all";
  onSelect: (status: OrderStatus | "all") => void;
}

export default function OrderCountCards({ counts, total, selected, onSelect }: Props) {
  const cards = [
    { status: "all" as const, label: "All Orders", count: total },
    ...countCards(counts),
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
              {count.toLocaleString("en-IN")}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
