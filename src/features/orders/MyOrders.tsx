/**
 * The shopper's order list (docs/product.md §2 My orders): text search (order id or product names), the status
 * filter, and a card per order (id, date, status badge, items with variant values, total) opening
 * /my-orders/{id}. The orders come from the server with the page (paise); only the filtering is here.
 */
import { useEffect, useId, useMemo, useRef, useState } from "react";
import Picture from "~/components/ui/Picture";
import { IMAGE_SIZES } from "~/lib/images";
import { indiaDate } from "~/lib/dates";
import { formatInr } from "~/lib/money";
import {
  ORDER_TEXTS,
  STATUS_FILTERS,
  badgeClass,
  filterOrders,
  orderPath,
  variantText,
  type StatusFilter,
} from "./order-list";
import { orderNumberLabel, type OrderJson } from "./orders";
import { statusLabel } from "./status";

interface Props {
  orders: OrderJson[];
  /** The search as the page's URL gave it (?q=&status=): the form works before the script loads. */
  query?: string;
  status?: StatusFilter;
}

const FILTER_LABEL: Record<StatusFilter, string> = {
  all: "All",
  pending: "Pending",
  processing: "Processing",
  shipped: "Shipped",
  delivered: "Delivered",
};

export default function MyOrders({
  orders,
  query: firstQuery = "",
  status: firstStatus = "all",
}: Props) {
  const [query, setQuery] = useState(firstQuery);
  const [status, setStatus] = useState<StatusFilter>(firstStatus);
  const searchRef = useRef<HTMLInputElement>(null);
  const statusRef = useRef<HTMLSelectElement>(null);
  // What was typed or chosen before the script loaded is kept, not reset (decision 0211).
  useEffect(() => {
    const typed = searchRef.current?.value;
    if (typed !== undefined && typed !== firstQuery) setQuery(typed);
    const chosen = statusRef.current?.value as StatusFilter | undefined;
    if (chosen && chosen !== firstStatus && STATUS_FILTERS.includes(chosen)) setStatus(chosen);
  }, [firstQuery, firstStatus]);
  const shown = useMemo(() => filterOrders(orders, query, status), [orders, query, status]);
  const searchId = useId();
  const statusId = useId();

  return (
    <div>
      <form
        method="get"
        action="/my-orders"
        role="search"
        onSubmit={(e) => e.preventDefault()}
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
      >
        <div className="flex-1">
          <label htmlFor={searchId} className="mb-1 block text-sm font-medium text-ink-700">
            Search orders
          </label>
          <input
            id={searchId}
            ref={searchRef}
            name="q"
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Order number, id or product name"
            maxLength={100}
            className="w-full rounded-xl border border-cream-300 bg-white px-4 py-2.5 text-sm text-ink-900 outline-none focus:border-gold-500 focus:ring-2 focus:ring-gold-300/60"
          />
        </div>
        <div>
          <label htmlFor={statusId} className="mb-1 block text-sm font-medium text-ink-700">
            Status
          </label>
          <select
            id={statusId}
            ref={statusRef}
            name="status"
            value={status}
            onChange={(e) => setStatus(e.target.value as StatusFilter)}
            className="w-full rounded-xl border border-cream-300 bg-white px-4 py-2.5 text-sm text-ink-900 sm:w-48"
          >
            {STATUS_FILTERS.map((value) => (
              <option key={value} value={value}>
                {FILTER_LABEL[value]}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          className="rounded-full bg-ink-900 px-5 py-2.5 text-sm font-semibold text-cream-50 hover:bg-ink-700"
        >
          Search
        </button>
      </form>

      {shown.length === 0 ? (
        <p className="mt-8 rounded-2xl border border-dashed border-cream-300 p-8 text-center text-ink-500">
          {ORDER_TEXTS.noMatch}
        </p>
      ) : (
        <ul className="mt-6 space-y-4" aria-label="Orders">
          {shown.map((order) => (
            <li key={order.id} data-order-id={order.id}>
              <a
                href={orderPath(order.id)}
                className="block rounded-3xl border border-cream-200 bg-white/85 p-5 shadow-xs transition hover:border-gold-300 focus-visible:outline-2 focus-visible:outline-gold-500 sm:p-6"
              >
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="text-xs uppercase tracking-wide text-ink-500">Order</p>
                    <p className="text-lg font-semibold text-ink-900" data-order-number>
                      {orderNumberLabel(order)}
                    </p>
                    <p className="break-all font-mono text-xs text-ink-500">{order.id}</p>
                    <p className="mt-1 text-sm text-ink-500">{indiaDate(order.createdAt)}</p>
                  </div>
                  <span
                    className={`rounded-full px-3 py-1 text-xs font-semibold ${badgeClass(order.status)}`}
                    data-status={order.status}
                  >
                    {statusLabel(order.status)}
                  </span>
                </div>
                <ul className="mt-4 space-y-2 border-t border-cream-100 pt-4">
                  {order.items.map((item) => (
                    <li key={item.id} className="flex items-center gap-3 text-sm">
                      {item.product.image ? (
                        <Picture
                          src={item.product.image}
                          sizes={IMAGE_SIZES.thumb}
                          alt=""
                          width={44}
                          height={44}
                          loading="lazy"
                          className="size-11 shrink-0 rounded-lg object-cover"
                        />
                      ) : (
                        <span
                          aria-hidden="true"
                          className="size-11 shrink-0 rounded-lg bg-cream-100"
                        />
                      )}
                      <span className="min-w-0 flex-1">
                        <span className="block truncate font-medium text-ink-900">
                          {item.product.name}
                        </span>
                        {variantText(item.variant) && (
                          <span className="block truncate text-ink-500">
                            {variantText(item.variant)}
                          </span>
                        )}
                      </span>
                      <span className="shrink-0 text-ink-500">Qty: {item.quantity}</span>
                    </li>
                  ))}
                </ul>
                <p className="mt-4 flex justify-between border-t border-cream-100 pt-3 text-sm">
                  <span className="text-ink-500">Total</span>
                  <span className="font-semibold text-ink-900">
                    {formatInr(order.pricing.total)}
                  </span>
                </p>
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
