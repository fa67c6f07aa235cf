/**
 * The drawer's word after a payment (docs/decisions/0058): paying an order removes from the cart
 * only what that order bought; lines added after the order was made stay, and this note says so
 * until the shopper dismisses it or the cart is empty. The payment return page sets the key
 * (checkout/verify-order.ts); sessionStorage, so it lasts the tab's visit only.
 */
import { useEffect, useState } from "react";
import { KEPT_AFTER_ORDER_KEY, keptAfterOrderText } from "./kept-after-order";

function read(): string | null {
  try {
    return sessionStorage.getItem(KEPT_AFTER_ORDER_KEY);
  } catch {
    return null;
  }
}

export default function KeptAfterOrderNote({ empty }: { empty: boolean }) {
  const [orderId, setOrderId] = useState<string | null>(null);
  useEffect(() => setOrderId(read()), []);
  useEffect(() => {
    if (!empty) return;
    try {
      sessionStorage.removeItem(KEPT_AFTER_ORDER_KEY);
    } catch {
      /* storage blocked: nothing to forget */
    }
  }, [empty]);
  if (empty || !orderId) return null;
  const dismiss = () => {
    try {
      sessionStorage.removeItem(KEPT_AFTER_ORDER_KEY);
    } catch {
      /* storage blocked */
    }
    setOrderId(null);
  };
  return (
    <div
      role="status"
      className="mt-3 flex items-start gap-2 rounded-md border border-cream-200 bg-cream-100 p-3 text-sm text-ink-700"
      data-testid="cart-kept-after-order"
    >
      <p className="flex-auto">{keptAfterOrderText(orderId)}</p>
      <button type="button" className="underline" onClick={dismiss}>
        OK
      </button>
    </div>
  );
}
