/** The drawer's note after a payment that left lines in the cart (docs/decisions/0058). */
export const KEPT_AFTER_ORDER_KEY = "cart:kept-after-order";

export function keptAfterOrderText(orderId: string): string {
  return `Order ${orderId} is paid and took only the items it bought. The items below were added afterwards and are still in your cart.`;
}
