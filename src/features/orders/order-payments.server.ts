/**
 * An order's payments (docs/decisions/0204-an-order-and-its-payments.md). A payment link for an
 * order (a shipping charge, a deposit's balance) is carried by a row of kind `shipping` in orders,
 * because the provider pays an order id; that row is a payment of its quote's order, never an order
 * of its own. Recorded at the paid transition, once per carrier (the unique `via_order_id`).
 */
import { and, asc, desc, eq, ne, type SQL } from "drizzle-orm";
import type { DbOrTx, Tx } from "~/server/db/client";
import {
  orderPayments,
  orders,
  quoteDeposits,
  quotes,
  type OrderPaymentKind,
} from "~/server/db/schema";

/** Kept out of every list of orders (the owner's, the customer's, reports): a payment's carrier. */
export const NOT_A_PAYMENT_CARRIER: SQL = ne(orders.kind, "shipping");

/** What a paid row pays: its own order, or (a carrier) its quote's order, and as which kind. */
export async function paymentTarget(
  db: DbOrTx,
  order: { id: string; kind: string; quoteId: string | null },
): Promise<{ orderId: string; kind: OrderPaymentKind }> {
  const [quote] = order.quoteId
    ? await db
        .select({ id: quotes.id, forOrderId: quotes.forOrderId })
        .from(quotes)
        .where(eq(quotes.id, order.quoteId))
    : [];
  if (order.kind === "shipping" && quote?.forOrderId) {
    const [balance] = await db
      .select({ id: quoteDeposits.quoteId })
      .from(quoteDeposits)
      .where(eq(quoteDeposits.balanceQuoteId, quote.id));
    return { orderId: quote.forOrderId, kind: balance ? "balance" : "shipping" };
  }
  if (quote) {
    const [advance] = await db
      .select({ id: quoteDeposits.quoteId })
      .from(quoteDeposits)
      .where(eq(quoteDeposits.quoteId, quote.id));
    if (advance) return { orderId: order.id, kind: "advance" };
  }
  return { orderId: order.id, kind: "order" };
}

/** The paid transition's record: one row per carrier, whatever the number of reports. */
export async function recordOrderPayment(
  tx: Tx,
  order: { id: string; kind: string; quoteId: string | null },
  amountPaise: number,
  paidAt: Date,
): Promise<void> {
  const target = await paymentTarget(tx, order);
  await tx
    .insert(orderPayments)
    .values({
      id: `pay_${order.id}`,
      orderId: target.orderId,
      kind: target.kind,
      amountPaise,
      viaOrderId: order.id,
      paidAt,
    })
    .onConflictDoNothing();
}

/**
 * A shipping charge asked for this order and not yet paid (its link out, not expired): what the
 * order page tells the customer is due (decision 0205). A deposit's balance is not one of these.
 */
export async function shippingChargeDue(
  db: DbOrTx,
  orderId: string,
  now = new Date(),
): Promise<{ amountPaise: number; sentAt: string; expiresAt: string } | null> {
  const links = await db
    .select({
      status: quotes.status,
      pricePaise: quotes.pricePaise,
      sentAt: quotes.sentAt,
      expiresAt: quotes.expiresAt,
      balanceOf: quoteDeposits.quoteId,
    })
    .from(quotes)
    .leftJoin(quoteDeposits, eq(quoteDeposits.balanceQuoteId, quotes.id))
    .where(and(eq(quotes.forOrderId, orderId), eq(quotes.kind, "shipping")));
  const charges = links.filter((l) => l.balanceOf === null);
  if (charges.some((l) => l.status === "paid")) return null;
  const open = charges.find((l) => l.status === "sent" && l.expiresAt.getTime() > now.getTime());
  if (!open) return null;
  return {
    amountPaise: open.pricePaise,
    sentAt: (open.sentAt ?? open.expiresAt).toISOString(),
    expiresAt: open.expiresAt.toISOString(),
  };
}

export interface OrderPaymentJson {
  kind: OrderPaymentKind;
  /** Paise inside; the API boundary converts. */
  amountPaise: number;
  viaOrderId: string;
  paidAt: string;
}

/** The order's payments, oldest first. */
export async function paymentsOf(db: DbOrTx, orderId: string): Promise<OrderPaymentJson[]> {
  const rows = await db
    .select()
    .from(orderPayments)
    .where(and(eq(orderPayments.orderId, orderId)))
    .orderBy(asc(orderPayments.paidAt), asc(orderPayments.id));
  return rows.map((r) => ({
    kind: r.kind,
    amountPaise: r.amountPaise,
    viaOrderId: r.viaOrderId,
    paidAt: r.paidAt.toISOString(),
  }));
}

export type DueLinkRow = typeof quotes.$inferSelect;

/**
 * The payment links of an order that are out and payable now (sent, not expired, unpaid): a
 * deposit's balance, a shipping charge; newest first. What "Pay now" on the order's page and its
 * quote's page pays (decision 0214).
 */
export async function dueLinks(
  db: DbOrTx,
  orderId: string,
  now = new Date(),
): Promise<{ what: "balance" | "shipping"; link: DueLinkRow }[]> {
  const rows = await db
    .select({ link: quotes, balanceOf: quoteDeposits.quoteId })
    .from(quotes)
    .leftJoin(quoteDeposits, eq(quoteDeposits.balanceQuoteId, quotes.id))
    .where(
      and(eq(quotes.forOrderId, orderId), eq(quotes.kind, "shipping"), eq(quotes.status, "sent")),
    )
    .orderBy(desc(quotes.createdAt));
  return rows
    .filter((r) => r.link.expiresAt.getTime() > now.getTime())
    .map((r) => ({ what: r.balanceOf ? "balance" : "shipping", link: r.link }));
}
