/** The order detail's Overview: items, amounts, payment details (provider payment id, amount, UPI id) and shipping. */
import { formatInr } from "../../../lib/money";
import { variantText } from "../../orders/order-list";
import type { AdminOrderJson } from "./orders-admin";
import { indiaDateTime } from "../../../lib/dates";

const card = "rounded-3xl border border-cream-200 bg-white/85 p-6";

function Details({ rows, label }: { rows: [string, string][]; label: string }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm" aria-label={label}>
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-ink-500">{term}</dt>
          <dd className="break-all text-ink-900">{value || "-"}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function OrderOverview({ order }: { order: AdminOrderJson }) {
  const { payment, pricing, shipping } = order;
  return (
    <div className="space-y-6">
      <section className={card} aria-labelledby="admin-items-title">
        <h2 id="admin-items-title" className="mb-3 text-xl text-ink-900">
          Items
        </h2>
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-cream-200 text-ink-500">
              <tr>
                <th className="py-2 pr-3 font-medium">Product</th>
                <th className="px-3 py-2 font-medium">Quantity</th>
                <th className="px-3 py-2 text-right font-medium">Price</th>
                <th className="py-2 pl-3 text-right font-medium">Subtotal</th>
              </tr>
            </thead>
            <tbody>
              {order.items.map((item) => (
                <tr key={item.id} className="border-b border-cream-100 align-top">
                  <td className="py-3 pr-3">
                    <span className="block font-medium text-ink-900">{item.product.name}</span>
                    {variantText(item.variant) && (
                      <span className="block text-ink-500">{variantText(item.variant)}</span>
                    )}
                    {item.productNote && (
                      <span className="block text-ink-500">Note: {item.productNote}</span>
                    )}
                  </td>
                  <td className="px-3 py-3">{item.quantity}</td>
                  <td className="px-3 py-3 text-right">{formatInr(item.price)}</td>
                  <td className="py-3 pl-3 text-right">{formatInr(item.price * item.quantity)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <dl className="mt-4 ml-auto grid max-w-xs grid-cols-2 gap-y-1 text-sm">
          <dt className="text-ink-500">Subtotal</dt>
          <dd className="text-right text-ink-900">{formatInr(pricing.subtotal)}</dd>
          <dt className="text-ink-500">Discount</dt>
          <dd className="text-right text-ink-900">{formatInr(pricing.discount)}</dd>
          <dt className="text-ink-500">Shipping</dt>
          <dd className="text-right text-ink-900">{formatInr(pricing.shipping)}</dd>
          <dt className="font-semibold text-ink-900">Total</dt>
          <dd className="text-right font-semibold text-ink-900" data-admin-order-total>
            {formatInr(pricing.total)}
          </dd>
        </dl>
      </section>
      <div className="grid gap-6 md:grid-cols-2">
        <section className={card} aria-labelledby="admin-payment-title">
          <h2 id="admin-payment-title" className="mb-3 text-xl text-ink-900">
            Payment
          </h2>
          <Details
            label="Payment details"
            rows={[
              ["Method", payment.method],
              ["Status", payment.status],
              ["Provider", payment.provider],
              ["Provider payment id", payment.transactionId],
              ["Amount", formatInr(payment.amount)],
              ["UPI id", payment.upiId],
              ["Paid at", payment.paidAt ? indiaDateTime(payment.paidAt) : ""],
            ]}
          />
        </section>
        <section className={card} aria-labelledby="admin-shipping-title">
          <h2 id="admin-shipping-title" className="mb-3 text-xl text-ink-900">
            Shipping
          </h2>
          <Details
            label="Shipping details"
            rows={[
              ["Method", shipping.method],
              ["Tracking number", shipping.trackingNumber],
              ["Shipping cost", formatInr(shipping.cost)],
              [
                "Coupon",
                order.coupon.code
                  ? `${order.coupon.code} (${formatInr(order.coupon.discount)})`
                  : "",
              ],
              ["Notes", order.notes],
            ]}
          />
        </section>
      </div>
    </div>
  );
}
