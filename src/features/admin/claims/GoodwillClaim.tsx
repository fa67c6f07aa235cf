/**
 * On a delivered order's screen: the owner opens a damage claim for the shopper, after the window
 * too (goodwill, docs/decisions/0247-damage-claims.md), with the same form as the shopper's (the
 * video optional: the shopper may have sent it by mail). The claim then waits under Claims.
 */
import ClaimForm from "~/features/claims/ClaimForm";
import type { OrderJson } from "~/features/orders/orders";
import { openGoodwillClaim } from "./claims-client";

export default function GoodwillClaim({ order }: { order: OrderJson }) {
  if (order.status !== "delivered") return null;
  const lines = order.items.map((i) => ({
    itemId: i.id,
    name: i.product.name,
    quantity: i.quantity,
  }));
  return (
    <section className="rounded-3xl border border-cream-200 bg-white p-4" aria-label="Damage claim">
      <ClaimForm
        path={`/v2/admin/order/${encodeURIComponent(order.id)}/claim`}
        signedIn
        lines={lines}
        label="Open a damage claim for the shopper"
        send={openGoodwillClaim}
      />
    </section>
  );
}
