/**
 * A quote's side of being paid (docs/decisions/0014, 0045): the link's token finds the quote (and
 * the quote it leads to now); checkout pays it (checkout/quote-pay.server.ts), and its
 * recordPayment calls the hooks below in its transaction. A quote is paid at most once: when two
 * attempts both reach the provider, the later success is recorded, the order cancelled (payment
 * Refused) and the owner mailed to refund it.
 */
import { markBalancePaid } from "~/features/made-to-order/deposits.server";
import { expectMaterials } from "~/features/made-to-order/materials.server";
import { eq } from "drizzle-orm";
import type { DbOrTx, Tx } from "~/server/db/client";
import { quotes } from "~/server/db/schema";
import { ownerAddress, sendMail } from "~/server/mail.server";
import type { ProviderPayment } from "~/server/payments/provider";
import { formatInr } from "~/lib/money";
import { setInquiryStatus } from "~/features/inquiries/inquiry-records.server";
import { refuseOrderPayment, setShippingCost } from "~/features/orders/order-records.server";
import type { StoredOrder } from "~/features/orders/store-order.server";
import { siteLink } from "./quote-mail.server";
import { isTokenShape, tokenHash } from "./quote-token.server";
import { logQuoteEvent, type QuoteRow } from "./quote-records.server";
import { log } from "~/server/log/logger";

type OrderRow = StoredOrder;

/**
 * The quote a link opens, and the quote it leads to now (itself, or the end of its revisions).
 * null (a 404 that says nothing) for a malformed or unknown token, a withdrawn quote, or one that
 * expired unpaid.
 */
export async function findByToken(
  db: DbOrTx,
  token: string | undefined,
  now = new Date(),
): Promise<{ quote: QuoteRow; current: QuoteRow } | null> {
  if (!isTokenShape(token)) return null;
  const [quote] = await db
    .select()
    .from(quotes)
    .where(eq(quotes.tokenHash, tokenHash(token)));
  if (!quote || !isOpenOrPaid(quote, now, true)) return null;
  let current = quote;
  for (let hops = 0; current.status === "replaced" && current.replacedBy && hops < 50; hops++) {
    const [next] = await db.select().from(quotes).where(eq(quotes.id, current.replacedBy));
    if (!next) break;
    current = next;
  }
  return { quote, current };
}

/** Sent and not expired, or paid; `replaced` counts as open when asked (the link still leads on). */
export function isOpenOrPaid(q: QuoteRow, now: Date, replacedToo = false): boolean {
  if (q.status === "paid") return true;
  if (q.status === "replaced") return replacedToo;
  return q.status === "sent" && q.expiresAt.getTime() > now.getTime();
}

/** The quote's row locked for the rest of the transaction (paying it: checkout/quote-pay.server.ts). */
export async function lockQuoteRow(tx: Tx, id: string): Promise<QuoteRow | null> {
  const [q] = await tx.select().from(quotes).where(eq(quotes.id, id)).for("update");
  return q ?? null;
}

// ---------------------------------------------------------------------------------------------
// Hooks of recordPayment (features/checkout/payment-record.server.ts), inside its transaction.

/** true when a success for this order must be refused: ANOTHER order already paid its quote (locks the quote). */
/**
 * Why a success for this order must not count as paying its quote: the quote was already paid by
 * another order, or withdrawn or replaced while its payment page was open. Null when it may count.
 */
export async function quotePaymentRefusal(
  tx: Tx,
  order: Pick<OrderRow, "id" | "quoteId">,
): Promise<string | null> {
  if (!order.quoteId) return null;
  const [q] = await tx
    .select({ paidOrderId: quotes.paidOrderId, status: quotes.status })
    .from(quotes)
    .where(eq(quotes.id, order.quoteId))
    .for("update");
  if (!q) return null;
  if (q.paidOrderId && q.paidOrderId !== order.id)
    return `the quote was already paid by order ${q.paidOrderId}`;
  if (q.status === "withdrawn" || q.status === "replaced")
    return `the quote was ${q.status} before the payment completed`;
  return null;
}

/** A success paid this quote's order: the quote and its inquiry are paid; a shipping charge lands on its order. */
export async function markQuotePaid(
  tx: Tx,
  order: Pick<OrderRow, "id" | "quoteId">,
  now: Date,
): Promise<void> {
  if (!order.quoteId) return;
  const [q] = await tx
    .update(quotes)
    .set({ status: "paid", paidOrderId: order.id, updatedAt: now })
    .where(eq(quotes.id, order.quoteId))
    .returning();
  if (!q) return;
  if (q.inquiryId) await setInquiryStatus(tx, q.inquiryId, "paid", now);
  // A varmala quote waits for the customer's flowers (docs/decisions/0123-customer-materials.md).
  if (q.kind === "quote" && q.stageSet === "varmala") await expectMaterials(tx, order.id, now);
  // A payment quote for an order is its deposit's balance (docs/decisions/0124) or its shipping charge.
  if (q.kind === "shipping" && q.forOrderId && !(await markBalancePaid(tx, q.id, now)))
    await setShippingCost(tx, q.forOrderId, q.pricePaise, now);
  await logQuoteEvent(tx, q.id, "paid", `paid by order ${order.id}`, order.id);
}

/** A refused payment (see quotePaymentRefusal): recorded on the quote, the order cancelled (payment Refused), the owner mailed. */
export async function refuseQuotePayment(
  tx: Tx,
  order: OrderRow,
  payment: ProviderPayment,
  now: Date,
  reason: string,
): Promise<void> {
  const [q] = await tx.select().from(quotes).where(eq(quotes.id, order.quoteId!));
  const what = `payment ${payment.paymentId} (${formatInr(payment.amountPaise)}) for order ${order.id}`;
  log.error(`[quotes] quote ${order.quoteId}: ${reason}; refused ${what}. Refund it.`);
  await logQuoteEvent(tx, order.quoteId!, "pay-refused", `${what}: ${reason}; refund it`, order.id);
  await refuseOrderPayment(tx, order, `Refused: ${reason}. Refund ${payment.paymentId}.`, now);
  await sendMail(tx, {
    to: ownerAddress(),
    subject: `Quote payment refused: refund ${payment.paymentId}`,
    text: `For the quote "${q?.title ?? order.quoteId}", ${reason}. A ${what} succeeded at the provider; it is recorded, the order is cancelled and NOT counted as paid. The shop refunds it automatically (docs/decisions/0057); a second mail says when the refund starts.\n\n${siteLink(`/admin/order/${order.id}`)}\n`,
  });
}
