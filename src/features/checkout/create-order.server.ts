/**
 * POST /create-order: the server decides and remembers first (issue 9 §2). The order is priced
 * from the caller's server cart at current catalogue prices and stored as pending, in one
 * transaction under the cart lock; only then is the provider order created. A provider failure
 * marks the stored order's payment Failed and loses nothing. The same idempotency key, or a retry
 * of the same cart without one, answers the same order.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt } from "drizzle-orm";
import { getDb } from "../../server/db/client";
import { addresses, orderItems, orders } from "../../server/db/schema";
import { HttpError } from "../../server/http";
import { paymentConfig } from "../../server/payments/config.server";
import { ProviderError, type PaymentProvider } from "../../server/payments/provider";
import { lockedCheckoutLines, type CheckoutLine } from "../cart/cart.server";
import {
  normaliseIndianPhone,
  orderTotals,
  PAYMENT_STATUS,
  type CreateOrderBody,
} from "./checkout";

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

/** Order ids: sortable by time, 3-45 characters of [A-Za-z0-9_-] as Cashfree requires. */
export function newOrderId(now = Date.now()): string {
  return `ord_${now.toString(36)}_${randomBytes(6).toString("hex")}`;
}

function fingerprint(lines: readonly CheckoutLine[], body: CreateOrderBody, phone: string): string {
  const canonical = JSON.stringify([
    body.address_id,
    phone,
    body.customer_email.toLowerCase(),
    lines.map((l) => [
      l.productId,
      Object.values(l.variant)
        .map((v) => v.id)
        .sort(),
      l.quantity,
      l.pricePaise,
      l.productNote,
    ]),
  ]);
  return createHash("sha256").update(canonical).digest("hex");
}

export type StoredOrder = typeof orders.$inferSelect;

/** Stores the pending order (or finds the one this attempt already made). */
async function storeOrder(
  uid: string,
  body: CreateOrderBody,
  phone: string,
  now: Date,
): Promise<StoredOrder> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const { lines } = await lockedCheckoutLines(tx, uid);
    if (body.idempotency_key) {
      const [same] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.userId, uid), eq(orders.idempotencyKey, body.idempotency_key)));
      if (same) return same;
    }
    if (lines.length === 0)
      throw new HttpError(400, "Your cart is empty: add a product before checking out.");
    const [address] = await tx
      .select()
      .from(addresses)
      .where(and(eq(addresses.userId, uid), eq(addresses.id, body.address_id)));
    if (!address)
      throw new HttpError(
        400,
        "address_id: no saved address of yours has this id; choose or add an address.",
      );
    const print = fingerprint(lines, body, phone);
    if (!body.idempotency_key) {
      // A retried request without a key: the still-payable pending order of the same cart.
      const [retry] = await tx
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.userId, uid),
            eq(orders.cartFingerprint, print),
            eq(orders.status, "pending"),
            eq(orders.paymentStatus, PAYMENT_STATUS.pending),
            gt(orders.expiresAt, now),
          ),
        )
        .orderBy(desc(orders.createdAt))
        .limit(1);
      if (retry) return retry;
    }
    const [first, ...rest] = body.customer_name.trim().split(/\s+/);
    const person = {
      firstName: first ?? "",
      lastName: rest.join(" "),
      phone,
      email: body.customer_email,
    };
    const place = {
      id: address.id,
      type: address.type,
      address1: address.address1,
      address2: address.address2,
      city: address.city,
      state: address.state,
      zipCode: address.zipCode,
      country: address.country,
    };
    const totals = orderTotals(lines);
    const id = newOrderId(now.getTime());
    const expiresAt = new Date(now.getTime() + paymentConfig().expiryMinutes * 60_000);
    const [order] = await tx
      .insert(orders)
      .values({
        id,
        userId: uid,
        status: "pending",
        subtotalPaise: totals.subtotal,
        discountPaise: 0,
        shippingPaise: 0,
        totalPaise: totals.total,
        shippingName: person,
        billingName: person,
        shippingAddress: place,
        billingAddress: place,
        paymentMethod: "UPI",
        paymentStatus: PAYMENT_STATUS.pending,
        paymentAmountPaise: totals.total,
        shippingMethod: "standard",
        notes: body.notes ?? "",
        timeline: { pending: now.toISOString() },
        provider: paymentConfig().provider,
        idempotencyKey: body.idempotency_key ?? null,
        cartFingerprint: print,
        expiresAt,
        // The promise (set at payment, decision 0046) is the slowest line's processing window.
        dispatchDays: Math.max(...lines.map((line) => line.processingDays)),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(orderItems).values(
      lines.map((line, i) => ({
        id: `${id}-${String(i + 1).padStart(3, "0")}`,
        orderId: id,
        productId: line.productId,
        productName: line.name,
        productImage: line.image,
        productWeightGrams: line.weightGrams,
        variant: line.variant,
        quantity: line.quantity,
        pricePaise: line.pricePaise,
        productNote: line.productNote,
      })),
    );
    return order!;
  });
}

export async function createOrderFor(
  user: { uid: string },
  body: CreateOrderBody,
  provider: PaymentProvider,
  siteUrl: string,
  now = new Date(),
): Promise<CreatedOrder> {
  const phone = normaliseIndianPhone(body.customer_phone);
  if (!phone)
    throw new HttpError(
      400,
      "customer_phone: enter a 10-digit Indian mobile number (for example 98765 43210).",
    );
  const order = await storeOrder(user.uid, body, phone, now);
  return openProviderOrder(
    order,
    { id: user.uid, name: body.customer_name, email: body.customer_email, phone },
    provider,
    siteUrl,
    now,
  );
}

/**
 * The provider half of paying a stored pending order (checkout, and a quote's payment in
 * features/custom): answers its session when it has one, else creates the provider order and
 * stores the session; a provider failure marks the payment Failed (OrderCreationFailed, a 502).
 * The browser comes back to `order.returnPath` when set, else /verify-order/{id}.
 */
export async function openProviderOrder(
  order: StoredOrder,
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
      amountPaise: order.totalPaise,
      currency: "INR",
      customer,
      returnUrl: new URL(order.returnPath || `/verify-order/${order.id}`, siteUrl).toString(),
      // Webhooks reach the shop without a dashboard setting (docs/cashfree.md).
      notifyUrl: new URL(`/${provider.name}/webhook`, siteUrl).toString(),
      expiresAt: order.expiresAt ?? new Date(now.getTime() + 30 * 60_000),
      idempotencyKey: createHash("sha256").update(`create:${order.id}`).digest("hex").slice(0, 32),
    });
    await db
      .update(orders)
      .set({
        providerOrderId: created.providerOrderId,
        paymentSessionId: created.paymentSessionId,
        expiresAt: created.expiresAt,
        paymentStatus: PAYMENT_STATUS.pending,
        nextCheckAt: new Date(now.getTime() + 60_000),
        updatedAt: new Date(),
      })
      .where(eq(orders.id, order.id));
    return answer(created.paymentSessionId);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    console.error(`[checkout] provider order for ${order.id} failed: ${error.message}`);
    await db
      .update(orders)
      .set({ paymentStatus: PAYMENT_STATUS.failed, updatedAt: new Date() })
      .where(eq(orders.id, order.id));
    throw new OrderCreationFailed(order.id, error.message);
  }
}
