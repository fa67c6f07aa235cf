/** One page of the dashboard's table: id, date (India time), customer, items, total, payment, status, change, View. */
import { memo } from "react";
import { formatInr } from "../../../lib/money";
import { badgeClass } from "../../orders/order-list";
import { statusLabel } from "../../orders/status";
import { navigate } from "../shell/admin-router";
import type { AdminOrderJson } from "./orders-admin";
import { indiaDate, indiaDateTime } from "../../../lib/dates";
import { adminOrderPath, customerName } from "./orders-dashboard";
import StatusChanger from "./StatusChanger";

const Row = memo(function Row({ order }: { order: AdminOrderJson }) {
  const items = order.items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <tr className="border-b border-cream-100 align-top" data-order-row={order.id}>
      <td className="py-3 pr-3 font-mono text-xs break-all text-ink-900">{order.id}</td>
      <td className="px-3 py-3 whitespace-nowrap text-ink-700">
        <span className="block">{indiaDateTime(order.createdAt)}</span>
        {order.kind === "custom" ? (
          <span className="block text-xs font-semibold text-gold-700">Custom</span>
        ) : null}
        {order.promisedDispatchAt && order.status === "processing" ? (
          <span className="block text-xs text-ink-500" data-dispatch-by>
            Dispatch by {indiaDate(order.promisedDispatchAt)}
          </span>
        ) : null}
      </td>
      <td className="px-3 py-3 text-ink-900">
        <span className="block">{customerName(order) || "-"}</span>
        <span className="block text-xs break-all text-ink-500">{order.shippingName.email}</span>
      </td>
      <td className="px-3 py-3 text-right text-ink-700">{items}</td>
      <td className="px-3 py-3 text-right whitespace-nowrap text-ink-900">
        {formatInr(order.pricing.total)}
      </td>
      <td className="px-3 py-3 text-ink-700">{order.payment.status}</td>
      <td className="px-3 py-3">
        <span
          className={`rounded-full px-3 py-0.5 text-xs font-semibold whitespace-nowrap ${badgeClass(order.status)}`}
          data-status={order.status}
        >
          {statusLabel(order.status, "admin")}
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
      <td className="px-3 py-3">
        <StatusChanger order={order} compact />
      </td>
      <td className="py-3 pl-3">
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
          className="rounded-full border border-cream-300 px-3 py-1 text-sm font-medium text-ink-700 hover:bg-cream-100"
          aria-label={`View order ${order.id}`}
        >
          View
        </a>
      </td>
    </tr>
  );
});

export default function OrdersTable({ orders }: { orders: readonly AdminOrderJson[] }) {
  return (
    <div className="overflow-x-auto rounded-3xl border border-cream-200 bg-white/85 p-4">
      <table className="w-full min-w-[64rem] text-left text-sm" aria-label="Orders">
        <thead className="border-b border-cream-200 text-ink-500">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              Order ID
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Date
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Customer
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Items
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Amount
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Payment
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Status
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Change status
            </th>
            <th scope="col" className="py-2 pl-3 font-medium">
              <span className="sr-only">View</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <Row key={order.id} order={order} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
