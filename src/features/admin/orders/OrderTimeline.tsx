/**
 * The Timeline tab (docs/product.md §4): pending, processing, shipped, delivered in order, stopping at the first
 * missing stamp; a cancelled order also shows when it was cancelled, from updatedAt (docs/product.md §2).
 */
import { statusLabel, visibleTimeline } from "~/features/orders/status";
import type { AdminOrderJson } from "./orders-admin";
import { indiaDateTime } from "~/lib/dates";

export default function OrderTimeline({ order }: { order: AdminOrderJson }) {
  const steps = visibleTimeline(order.timeline);
  return (
    <div className="space-y-4">
      <ol className="relative space-y-4 border-l-2 border-cream-200 pl-6" aria-label="Timeline">
        {steps.map(({ status, at }) => (
          <li key={status} data-timeline-step={status}>
            <span
              aria-hidden="true"
              className="absolute -left-[7px] mt-1.5 size-3 rounded-full bg-gold-500"
            />
            <p className="font-medium text-ink-900">{statusLabel(status, "admin")}</p>
            <p className="text-sm text-ink-500">
              <time dateTime={at}>{indiaDateTime(at)}</time>
            </p>
          </li>
        ))}
      </ol>
      {order.status === "cancelled" && (
        <p className="rounded-2xl bg-red-50 p-4 text-sm text-red-800" data-cancelled-at>
          Cancelled on <time dateTime={order.updatedAt}>{indiaDateTime(order.updatedAt)}</time>
        </p>
      )}
    </div>
  );
}
