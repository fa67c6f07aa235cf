/** The customer tab of the order detail: who ordered, where it ships, who pays (docs/product.md §3 names and addresses). */
import { addressLine } from "~/features/orders/order-list";
import type { AdminOrderJson } from "./orders-admin";

type Person = AdminOrderJson["shippingName"];
type Address = AdminOrderJson["shippingAddress"];

function Party({ title, person, address }: { title: string; person: Person; address: Address }) {
  return (
    <section className="rounded-3xl border border-cream-200 bg-white/85 p-6" aria-label={title}>
      <h2 className="mb-3 text-xl text-ink-900">{title}</h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-ink-500">Name</dt>
        <dd className="text-ink-900">{`${person.firstName} ${person.lastName}`.trim() || "-"}</dd>
        <dt className="text-ink-500">Email</dt>
        <dd className="break-all text-ink-900">{person.email || "-"}</dd>
        <dt className="text-ink-500">Phone</dt>
        <dd className="text-ink-900">{person.phone || "-"}</dd>
        <dt className="text-ink-500">Address</dt>
        <dd className="text-ink-900">
          {addressLine(address) || "-"}
          {address.type && (
            <span className="ml-2 rounded-full bg-cream-100 px-2 py-0.5 text-xs text-ink-700">
              {address.type}
            </span>
          )}
        </dd>
      </dl>
    </section>
  );
}

export default function OrderCustomer({ order }: { order: AdminOrderJson }) {
  return (
    <div className="space-y-6">
      <p className="text-sm text-ink-500">
        Account: <span className="font-mono break-all text-ink-900">{order.userId}</span>
      </p>
      <div className="grid gap-6 md:grid-cols-2">
        <Party title="Shipping" person={order.shippingName} address={order.shippingAddress} />
        <Party title="Billing" person={order.billingName} address={order.billingAddress} />
      </div>
    </div>
  );
}
