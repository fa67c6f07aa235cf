/**
 * POST /create-order: the server decides and remembers first (decision 0014). The order is priced
 * from the caller's server cart at current catalogue prices and stored as pending, in one
 * transaction under the cart lock; only then is the provider order created. A provider failure
 * marks the stored order's payment Failed and loses nothing. The same idempotency key, or a retry
 * of the same cart without one, answers the same order.
 */
import { createHash } from "node:crypto";
import { getDb } from "~/server/db/client";
import { HttpError } from "~/server/http";
import { paymentConfig } from "~/server/payments/config.server";
import { ProviderError, type PaymentProvider } from "~/server/payments/provider";
import { orderAddressOf, personName } from "~/lib/address";
import { refuseUndeliverable, totalWeightGrams } from "~/features/shipping/estimate.server";
import { lockedCheckoutLines } from "~/features/cart/cart-checkout.server";
import { refuseInterStateSupply } from "~/features/books/supply-rules.server";
import { holdCodeUse, priceCode } from "~/features/discounts/discount-pricing.server";
import {
  neededLines,
  recordNeededBy,
  refuseNeededBy,
} from "~/features/made-to-order/needed-by.server";
import { amountAsked } from "~/features/made-to-order/deposits.server";
import { movePaymentOpening } from "~/features/orders/order-moves.server";
import { holdOrderStock } from "~/features/stock/holds.server";
import { storeOrderAttempt, type OrderHead } from "~/features/orders/store-order.server";
import { readOrderAhead } from "./create-order-read.server";
import { normaliseIndianPhone, type CreateOrderBody } from "./checkout";
import { log } from "~/server/log/logger";

export type { OrderHead };

export interface CreatedOrder {
  payment_session_id: string;
  order_id: string;
  provider: "local" | "cashfree";
  mode: "sandbox" | "production";
}

/** A provider failure after the order was stored: the route answers 502 { error, detail }. */
export class OrderCreationFailed extends Error {
  constructor(
    readonly orderId: string,
    readonly detail: string,
  ) {
    super("Order Creation Failed");
  }
}

/** Stores the pending order of the caller's cart (or finds the one this attempt already made). */
async function storeCartOrder(
  uid: string,
  body: CreateOrderBody,
  phone: string,
  now: Date,
): Promise<{ order: OrderHead; openOrders: string[] | undefined }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const { lines, stock, openOrders } = await lockedCheckoutLines(tx, uid);
    const attempt = { userId: uid, quoteId: null, idempotencyKey: body.idempotency_key ?? null };
    const { order, fresh } = await storeOrderAttempt(
      tx,
      attempt,
      async () => {
        if (lines.length === 0)
          throw new HttpError(400, "Your cart is empty: add a product before checking out.");
        // The address, the two settings sections the refusals below read, and this attempt's
        // possible earlier orders, in one statement (docs/decisions/0280, 0313, 0325, 0332).
        const saved = await readOrderAhead(tx, attempt, body.address_id, now);
        if (!saved)
          throw new HttpError(
            400,
            "address_id: no saved address of yours has this id; choose or add an address.",
          );
        const { address } = saved;
        await refuseInterStateSupply(tx, address.state);
        if (body.needed_by)
          await refuseNeededBy(tx, {
            ...neededLines(lines),
            neededBy: body.needed_by,
            pin: address.zipCode,
            now,
          });
        await refuseUndeliverable(tx, address.zipCode, totalWeightGrams(lines));
        const coupon = body.coupon_code
          ? await priceCode(tx, {
              code: body.coupon_code,
              userId: uid,
              lines,
              paying: "cart",
              now,
              lock: true,
            })
          : undefined;
        return {
          coupon,
          kind: "catalogue",
          userId: uid,
          quoteId: null,
          claimEmail: "",
          person: personName(body.customer_name, phone, body.customer_email),
          address: orderAddressOf(address),
          lines,
          notes: body.notes ?? "",
          buyerGstin: body.buyer_gstin ?? "",
          earlier: saved.earlier,
        };
      },
      now,
      true,
    );
    await holdCodeUse(tx, order, now);
    // Ready-made pieces are held for the payment window, or refused (docs/decisions/0216); the
    // cart's read says which products are counted and whether the shopper holds any (0280).
    await holdOrderStock(tx, { ...order, userId: uid }, lines, now, { ...stock, fresh });
    if (body.needed_by) await recordNeededBy(tx, order.id, body.needed_by);
    return { order, openOrders };
  });
}

/**
 * A checkout: the stored order's provider session (CreatedOrder), and the shopper's open orders as
 * the order's transaction read them (newest first, undefined when it did not; decision 0313), for
 * replaceOtherOpenOrders.
 */
export async function createOrderFor(
  user: { uid: string },
  body: CreateOrderBody,
  provider: PaymentProvider,
  siteUrl: string,
  now = new Date(),
): Promise<{ created: CreatedOrder; openOrders: string[] | undefined }> {
  const phone = normaliseIndianPhone(body.customer_phone);
  if (!phone)
    throw new HttpError(
      400,
      "customer_phone: enter a 10-digit Indian mobile number (for example 98765 43210).",
    );
  const { order, openOrders } = await storeCartOrder(user.uid, body, phone, now);
  const created = await openProviderOrder(
    order,
    { id: user.uid, name: body.customer_name, email: body.customer_email, phone },
    provider,
    siteUrl,
    now,
  );
  return { created, openOrders };
}

/**
 * The provider half of paying a stored pending order (checkout, and a quote's payment in
 * features/custom): answers its session when it has one, else creates the provider order and
 * stores the session; a provider failure marks the payment Failed (OrderCreationFailed, a 502).
 * The browser comes back to `order.returnPath` when set, else /verify-order/{id}.
 */
export async function openProviderOrder(
  order: OrderHead,
  customer: { id: string; name: string; email: string; phone: string },
  provider: PaymentProvider,
  siteUrl: string,
  now = new Date(),
): Promise<CreatedOrder> {
  const { mode } = paymentConfig();
  const answer = (session: string): CreatedOrder => ({
    payment_session_id: session,
    order_id: order.id,
    provider: provider.name,
    mode,
  });
  if (order.paymentSessionId) return answer(order.paymentSessionId);
  if (order.status !== "pending")
    throw new HttpError(
      409,
      "This checkout attempt is already finished; reload the checkout page.",
    );
  const db = await getDb();
  try {
    const created = await provider.createOrder({
      orderId: order.id,
      // A deposit's order asks for its advance only (decision 0212).
      amountPaise: await amountAsked(db, order),
      currency: "INR",
      customer,
      returnUrl: new URL(order.returnPath || `/verify-order/${order.id}`, siteUrl).toString(),
      // Webhooks reach the shop without a dashboard setting (docs/cashfree.md).
      notifyUrl: new URL(`/${provider.name}/webhook`, siteUrl).toString(),
      expiresAt: order.expiresAt ?? new Date(now.getTime() + 30 * 60_000),
      idempotencyKey: createHash("sha256").update(`create:${order.id}`).digest("hex").slice(0, 32),
    });
    await movePaymentOpening(db, order, "payment:opened", {
      at: new Date(),
      set: {
        providerOrderId: created.providerOrderId,
        paymentSessionId: created.paymentSessionId,
        expiresAt: created.expiresAt,
        nextCheckAt: new Date(now.getTime() + 60_000),
      },
    });
    return answer(created.paymentSessionId);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    log.error(`[checkout] provider order for ${order.id} failed: ${error.message}`);
    await movePaymentOpening(db, order, "payment:unopened", { at: new Date() });
    throw new OrderCreationFailed(order.id, error.message);
  }
}
