/**
 * One page of the dashboard's orders: order (short id with copy, date in India time), customer,
 * amount (items below), status (payment below), the status change and View. One markup for both
 * sizes: a table from `md` up (every column fits its card at 1280 px, View stays visible), and a
 * card per order on a phone, each cell labelled (docs/decisions/0054-portal-on-a-phone.md).
 */
import { memo } from "react";
import { formatInr } from "~/lib/money";
import { badgeClass } from "~/features/orders/order-list";
import { paidAndDue, shippingCharged, shownTotals } from "~/features/orders/orders";
import { statusLabel } from "~/features/orders/status";
import { navigate } from "~/features/admin/shell/admin-router";
import OrderIdCell from "./OrderIdCell";
import type { AdminOrderJson } from "./orders-admin";
import { indiaDate, indiaDateTime } from "~/lib/dates";
import { adminOrderPath, customerName } from "./orders-dashboard";
import StatusChanger from "./StatusChanger";
import { useMayOnceKnown } from "~/features/admin/shell/use-may";

/** A cell that shows its column's name before it on a phone (the header row is hidden there). */
const cell = "flex flex-col gap-0.5 md:table-cell md:px-2 md:py-3 md:align-top";
const phoneLabel = "text-xs font-medium tracking-wide text-ink-500 uppercase md:hidden";

const Row = memo(function Row({
  order,
  onChanged,
}: {
  order: AdminOrderJson;
  onChanged?: (order: AdminOrderJson) => void;
}) {
  const items = order.items.reduce((sum, item) => sum + item.quantity, 0);
  // A deposit's order: the piece's price, what is paid and what is due (decision 0212).
  const due = paidAndDue(order.pricing, shippingCharged(order));
  const may = useMayOnceKnown();
  return (
    <tr
      className="grid grid-cols-2 gap-3 rounded-2xl border border-cream-200 bg-white p-4 md:table-row md:rounded-none md:border-0 md:border-b md:border-cream-100 md:bg-transparent md:p-0"
      data-order-row={order.id}
    >
      <td className={`${cell} col-span-2 md:pl-0`}>
        <span className={phoneLabel}>Order</span>
        <OrderIdCell id={order.id} number={order.number} />
        <span className="block text-xs whitespace-nowrap text-ink-500">
          {indiaDateTime(order.createdAt)}
        </span>
        {order.kind === "custom" ? (
          <span className="block text-xs font-semibold text-gold-700">Custom</span>
        ) : null}
        {order.promisedDispatchAt && order.status === "processing" ? (
          <span className="block text-xs text-ink-500" data-dispatch-by>
            Dispatch by {indiaDate(order.promisedDispatchAt)}
          </span>
        ) : null}
      </td>
      <td className={`${cell} col-span-2 min-w-0`}>
        <span className={phoneLabel}>Customer</span>
        <span className="block text-ink-900">{customerName(order) || "-"}</span>
        <span
          className="block max-w-full truncate text-xs text-ink-500 md:max-w-44"
          title={order.shippingName.email}
        >
          {order.shippingName.email}
        </span>
      </td>
      <td className={`${cell} md:text-right`}>
        <span className={phoneLabel}>Amount</span>
        <span className="block whitespace-nowrap text-ink-900" data-order-total>
          {formatInr(shownTotals(order.pricing, shippingCharged(order)).total)}
        </span>
        {due && due.due > 0 && (
          <span className="block text-xs text-ink-700" data-order-due>
            {formatInr(due.paid)} paid, {formatInr(due.due)} due
          </span>
        )}
        <span className="block text-xs text-ink-500">
          {items} {items === 1 ? "item" : "items"}
        </span>
      </td>
      <td className={cell}>
        <span className={phoneLabel}>Status</span>
        <span
          className={`block w-fit rounded-full px-3 py-0.5 text-xs font-semibold whitespace-nowrap ${badgeClass(order.status)}`}
          data-status={order.status}
        >
          {statusLabel(order.status, "admin")}
        </span>
        <span className="mt-1 block text-xs whitespace-nowrap text-ink-500" data-payment-status>
          Payment: {order.payment.status}
        </span>
        {order.late ? (
          <span
            className="mt-1 block w-fit rounded-full bg-red-100 px-3 py-0.5 text-xs font-semibold text-red-800"
            data-late
          >
            Late
          </span>
        ) : null}
      </td>
      <td className={`${cell} col-span-2`}>
        {may("PUT", `/v2/admin/order/${encodeURIComponent(order.id)}`) && (
          <StatusChanger order={order} compact onChanged={onChanged} />
        )}
      </td>
      <td className={`${cell} col-span-2 md:pr-0 md:text-right`}>
        <a
          href={adminOrderPath(order.id)}
          onClick={(event) => {
            if (
              event.button !== 0 ||
              event.metaKey ||
              event.ctrlKey ||
              event.shiftKey ||
              event.altKey
            )
              return;
            event.preventDefault();
            navigate(adminOrderPath(order.id), order);
          }}
          className="inline-block w-fit rounded-full border border-cream-300 px-3 py-1 text-sm font-medium text-ink-700 hover:bg-cream-100"
          aria-label={`View order ${order.id}`}
        >
          View
        </a>
      </td>
    </tr>
  );
});

export default function OrdersTable({
  orders,
  onChanged,
}: {
  orders: readonly AdminOrderJson[];
  /** A row's status moved (the dashboard reloads its page and counts). */
  onChanged?: (order: AdminOrderJson) => void;
}) {
  return (
    <div className="relative md:rounded-3xl md:border md:border-cream-200 md:bg-white/85 md:p-4">
      <table className="block w-full text-left text-sm md:table" aria-label="Orders">
        <thead className="sr-only border-b border-cream-200 text-ink-500 md:not-sr-only md:table-header-group">
          <tr>
            <th scope="col" className="py-2 pr-2 font-medium">
              Order
            </th>
            <th scope="col" className="px-2 py-2 font-medium">
              Customer
            </th>
            <th scope="col" className="px-2 py-2 text-right font-medium">
              Amount
            </th>
            <th scope="col" className="px-2 py-2 font-medium">
              Status
            </th>
            <th scope="col" className="px-2 py-2 font-medium">
              Change status
            </th>
            <th scope="col" className="py-2 pl-2 font-medium">
              <span className="sr-only">View</span>
            </th>
          </tr>
        </thead>
        <tbody className="flex flex-col gap-3 md:table-row-group">
          {orders.map((order) => (
            <Row key={order.id} order={order} onChanged={onChanged} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
