/**
 * The dashboard's filters (docs/product.md §5 Admin filters): min and max amount (numbers), name or id
 * substring; and the order of the rows (newest first, or by promised dispatch date: decision 0046).
 */
import { useId } from "react";
import type { OrdersView } from "./orders-dashboard";

interface Props {
  /** What is typed (the screen asks the server after a pause). */
  filter: OrdersView;
  onChange: (next: OrdersView) => void;
  /** The order of the rows changes at once. */
  onSort: (sort: OrdersView["sort"]) => void;
}

const input =
  "w-full rounded-xl border border-cream-300 bg-white px-4 py-2.5 text-sm text-ink-900 outline-none focus:border-gold-500 focus:ring-2 focus:ring-gold-300/60";

export default function OrderFilters({ filter, onChange, onSort }: Props) {
  const id = useId();
  const set = (key: "q" | "min" | "max") => (event: { target: { value: string } }) =>
    onChange({ ...filter, [key]: event.target.value });
  return (
    <form
      role="search"
      aria-label="Filter orders"
      className="grid grid-cols-2 gap-3 sm:grid-cols-[1fr_9rem_9rem_11rem]"
      onSubmit={(e) => e.preventDefault()}
    >
      <div className="col-span-2 sm:col-span-1">
        <label htmlFor={`${id}-q`} className="mb-1 block text-sm font-medium text-ink-700">
          Search by name or order id
        </label>
        <input
          id={`${id}-q`}
          type="search"
          value={filter.q}
          onChange={set("q")}
          maxLength={200}
          placeholder="Name or order id"
          className={input}
        />
      </div>
      <div>
        <label htmlFor={`${id}-min`} className="mb-1 block text-sm font-medium text-ink-700">
          Min amount (₹)
        </label>
        <input
          id={`${id}-min`}
          type="number"
          min={0}
          step="0.01"
          inputMode="decimal"
          value={filter.min}
          onChange={set("min")}
          className={input}
        />
      </div>
      <div>
        <label htmlFor={`${id}-max`} className="mb-1 block text-sm font-medium text-ink-700">
          Max amount (₹)
        </label>
        <input
          id={`${id}-max`}
          type="number"
          min={0}
          step="0.01"
          inputMode="decimal"
          value={filter.max}
          onChange={set("max")}
          className={input}
        />
      </div>
      <div className="col-span-2 sm:col-span-1">
        <label htmlFor={`${id}-sort`} className="mb-1 block text-sm font-medium text-ink-700">
          Order by
        </label>
        <select
          id={`${id}-sort`}
          value={filter.sort}
          onChange={(e) => onSort(e.target.value === "dispatch" ? "dispatch" : "newest")}
          className={input}
        >
          <option value="newest">Newest first</option>
          <option value="dispatch">Dispatch date</option>
        </select>
      </div>
    </form>
  );
}
