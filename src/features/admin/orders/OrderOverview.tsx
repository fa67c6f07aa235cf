/** The order detail's Overview: items, amounts, payment details (provider payment id, amount, UPI id) and shipping. */
import { formatInr } from "~/lib/money";
import OrderItems from "~/features/orders/OrderItems";
import { shippingCharged } from "~/features/orders/orders";
import type { AdminOrderJson } from "./orders-admin";
import { indiaDateTime } from "~/lib/dates";

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
      <OrderItems
        items={order.items}
        pricing={pricing}
        shippingCharged={shippingCharged(order)}
        titleId="admin-items-title"
        photoOriginals={order.photoOriginals}
      />
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
