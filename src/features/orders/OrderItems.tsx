/**
 * The one order items table and totals (docs/decisions/0076-order-pages.md), for the shopper's
 * /my-orders/{id} (rendered on the server without hydration) and the portal's order Overview.
 * Product, quantity, price and subtotal per line (docs/product.md §2 Customer order detail); on a phone each
 * line is a card (the product on top, "2 × ₹1,499.00" and its subtotal below), so no column is cut
 * off and the page never scrolls sideways. Totals: subtotal, a discount when there is one,
 * shipping (₹0.00 until a charge is known, then "Shipping (charged at dispatch)" with it) and total.
 */
import { describePersonalised } from "~/features/personalisation/personalisation";
import PhotoThumbs from "~/features/personalisation/PhotoThumbs";
import { formatInr } from "~/lib/money";
import { variantText } from "./order-list";
import { paidAndDue, type ShownPricing, shownTotals, type OrderItemJson } from "./orders";

interface Props {
  items: readonly OrderItemJson[];
  pricing: ShownPricing;
  /** What shipping cost once charged at dispatch (paise); null while it is not known. */
  shippingCharged: number | null;
  /** Heading id, so the section can be labelled by it. */
  titleId: string;
  /** The owner's screen: photos with an original kept for printing (decision 0285). */
  photoOriginals?: readonly string[];
}

const cell = "max-sm:p-0 sm:py-3";

export default function OrderItems({
  items,
  pricing,
  shippingCharged,
  titleId,
  photoOriginals,
}: Props) {
  const shown = shownTotals(pricing, shippingCharged);
  const paid = paidAndDue(pricing, shippingCharged);
  return (
    <section
      className="rounded-3xl border border-cream-200 bg-white/85 p-4 sm:p-6"
      aria-labelledby={titleId}
      data-order-items
    >
      <h2 id={titleId} className="mb-3 text-xl text-ink-900">
        Items
      </h2>
      <table className="w-full text-left text-sm">
        <thead className="border-b border-cream-200 text-ink-500 max-sm:sr-only">
          <tr>
            <th className="py-2 pr-3 font-medium">Product</th>
            <th className="px-3 py-2 font-medium">Quantity</th>
            <th className="px-3 py-2 text-right font-medium">Price</th>
            <th className="py-2 pl-3 text-right font-medium">Subtotal</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            const variant = variantText(item.variant);
            return (
              <tr
                key={item.id}
                className="border-b border-cream-100 align-top max-sm:grid max-sm:grid-cols-[auto_auto_1fr] max-sm:gap-x-1 max-sm:gap-y-1 max-sm:py-3"
                data-order-line
              >
                <td className={`${cell} min-w-0 break-words pr-3 max-sm:col-span-3`}>
                  <span className="block font-medium text-ink-900">{item.product.name}</span>
                  {variant && <span className="block text-ink-500">{variant}</span>}
                  {describePersonalised(item.personalisation ?? []).map((text) => (
                    <span key={text} className="block text-ink-500" data-personalised>
                      {text}
                    </span>
                  ))}
                  <PhotoThumbs values={item.personalisation ?? []} originals={photoOriginals} />
                  {item.productNote && (
                    <span className="block text-ink-500">Note: {item.productNote}</span>
                  )}
                </td>
                <td className={`${cell} text-ink-700 sm:px-3`}>
                  {item.quantity}
                  <span className="sm:hidden" aria-hidden="true">
                    {" ×"}
                  </span>
                </td>
                <td className={`${cell} text-ink-700 sm:px-3 sm:text-right`}>
                  {formatInr(item.price)}
                </td>
                <td
                  className={`${cell} text-right font-medium text-ink-900 sm:pl-3 sm:font-normal`}
                >
                  {formatInr(item.price * item.quantity)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <dl className="mt-4 ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        <dt className="text-ink-500">Subtotal</dt>
        <dd className="text-right text-ink-900">{formatInr(pricing.subtotal)}</dd>
        {pricing.discount > 0 && (
          <>
            <dt className="text-ink-500">Discount</dt>
            <dd className="text-right text-ink-900">-{formatInr(pricing.discount)}</dd>
          </>
        )}
        <dt className="text-ink-500">
          {shippingCharged === null ? "Shipping" : "Shipping (charged at dispatch)"}
        </dt>
        <dd className="text-right text-ink-900" data-order-shipping>
          {formatInr(shown.shipping)}
        </dd>
        <dt className="font-semibold text-ink-900">Total</dt>
        <dd className="text-right font-semibold text-ink-900" data-order-total>
          {formatInr(shown.total)}
        </dd>
        {paid && paid.due > 0 && (
          <>
            <dt className="text-ink-500">Paid</dt>
            <dd className="text-right text-ink-900" data-order-paid>
              {formatInr(paid.paid)}
            </dd>
            <dt className="font-semibold text-ink-900">Due</dt>
            <dd className="text-right font-semibold text-ink-900" data-order-due>
              {formatInr(paid.due)}
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}
