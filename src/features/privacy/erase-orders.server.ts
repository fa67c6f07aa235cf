/**
 * The orders' part of an erasure (docs/decisions/0101-data-rights.md, 0170-verified-email-and-held-erasure.md):
 * which of a person's orders can lose their details now, and the masking itself. An order still
 * being made or on its way (processing, shipped), or delivered less than the claim window ago,
 * keeps the name, phone, address and notes the studio needs to make, ship, invoice and answer a
 * claim for it; the rest of the erasure happens at once and the remainder after the window
 * (erase-held.server.ts). The window is the damage-claim setting the policy texts print
 * (content/claim-window.server.ts; docs/decisions/0269-held-orders-follow-the-claim-window.md).
 */
import { eq, inArray } from "drizzle-orm";
import type { Tx } from "~/server/db/client";
import {
  localPayments,
  orderItems,
  orderLog,
  orders,
  payments,
  refunds,
  webhookEvents,
} from "~/server/db/schema";

/** What an order keeps of a person: no name, phone or email. */
const MASKED_NAME = { firstName: "Erased", lastName: "customer", phone: "", email: "" };

export interface OrderForErasure {
  id: string;
  status: string;
  timeline: Record<string, string>;
  updatedAt: Date;
}

/**
 * When the order's details may go: null while it is being made or on its way; a delivered order's
 * `windowHours` (the claim window setting) after its delivery.
 */
export function releaseAt(order: OrderForErasure, windowHours: number): Date | null {
  if (order.status === "processing" || order.status === "shipped") return null;
  if (order.status !== "delivered") return new Date(0);
  const delivered = Date.parse(order.timeline.delivered ?? "");
  const at = Number.isNaN(delivered) ? order.updatedAt.getTime() : delivered;
  return new Date(at + windowHours * 3_600_000);
}

/** Splits orders into those that lose the person now and those held for fulfilment. */
export function splitHeld<T extends OrderForErasure>(
  rows: T[],
  now: Date,
  windowHours: number,
): { now: T[]; held: T[] } {
  const held = rows.filter((o) => {
    const at = releaseAt(o, windowHours);
    return at === null || at > now;
  });
  return { now: rows.filter((o) => !held.includes(o)), held };
}

/** Masks the person on these orders and on what hangs off them; amounts, statuses and ids stay. */
export async function maskOrders(tx: Tx, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  const rows = await tx
    .select({ id: orders.id, address: orders.shippingAddress, billing: orders.billingAddress })
    .from(orders)
    .where(inArray(orders.id, ids));
  const mask = <A extends { state: string; country: string }>(a: A): A => ({
    ...a,
    address1: "",
    address2: "",
    city: "",
    zipCode: "",
  });
  for (const row of rows)
    await tx
      .update(orders)
      .set({
        shippingName: MASKED_NAME,
        billingName: MASKED_NAME,
        shippingAddress: mask(row.address),
        billingAddress: mask(row.billing),
        upiId: "",
        claimEmail: "",
        updatedAt: now,
      })
      .where(eq(orders.id, row.id));
  // The note and the personalisation (names, dates the shopper typed; decision 0229) go alike.
  await tx
    .update(orderItems)
    .set({ productNote: "", personalisation: [] })
    .where(inArray(orderItems.orderId, ids));
  // What the payment providers sent about the payer (customer_details, the UPI id) goes; the
  // amounts, statuses and ids stay in their columns.
  await tx.update(payments).set({ upiId: "", raw: {} }).where(inArray(payments.orderId, ids));
  await tx.update(localPayments).set({ upiId: "" }).where(inArray(localPayments.orderId, ids));
  await tx.update(webhookEvents).set({ body: {} }).where(inArray(webhookEvents.orderId, ids));
  await tx.update(refunds).set({ raw: null }).where(inArray(refunds.orderId, ids));
  await tx.update(orderLog).set({ data: null }).where(inArray(orderLog.orderId, ids));
}
