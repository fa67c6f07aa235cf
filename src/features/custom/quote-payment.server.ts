/**
 * Paying a quote (issue 12 §2) through checkout's provider interface, verification, webhooks and
 * exactly-once recording (docs/decisions/0014, 0045): the link's token finds the quote; the order
 * has one custom line at the quote's price (the server's amount, never the page's); a quote is
 * paid at most once. A second payment is refused at the door (409, recorded as a quote event) and,
 * when two attempts both reach the provider, in recordPayment: the later success is recorded,
 * the order cancelled (payment Refused) and the owner mailed to refund it.
 */
import { eq, sql } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "../../server/db/client";
import { customInquiries, orders, quotes } from "../../server/db/schema";
import { HttpError } from "../../server/http";
import { ownerAddress, sendMail } from "../../server/mail.server";
import type { PaymentProvider, ProviderPayment } from "../../server/payments/provider";
import { type OrderAddress, orderAddressOf, personName } from "../../lib/address";
import { formatInr } from "../../lib/money";
import { ensurePlaceholderUser, loadSavedAddress } from "../account/account.server";
import { PAYMENT_STATUS, normaliseIndianPhone } from "../checkout/checkout";
import { openProviderOrder, type CreatedOrder } from "../checkout/create-order.server";
import { storeOrder } from "../orders/store-order.server";
import { siteLink } from "./quote-mail.server";
import { isTokenShape, tokenHash } from "./quote-token.server";
import type { PayQuoteInput } from "./quotes.schema";
import { logQuoteEvent, type QuoteRow } from "./quotes.server";

/** The one users row quote orders paid without an account belong to (they are found by claim_email). */
export const GUEST_USER_ID = "~quote-guest";
const GUEST_USER = {
  id: GUEST_USER_ID,
  email: "quote-guest@resintales.invalid",
  firstName: "Quote",
  lastName: "guest",
};

type OrderRow = typeof orders.$inferSelect;

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

/** Where the quote's order goes: a saved address of the signed-in caller, or the typed one. */
async function placeFor(tx: Tx, body: PayQuoteInput, uid: string | null): Promise<OrderAddress> {
  if (body.address_id) {
    if (!uid)
      throw new HttpError(401, "Please log in to use a saved address, or type the address.");
    const saved = await loadSavedAddress(tx, uid, body.address_id);
    if (!saved)
      throw new HttpError(
        400,
        "address_id: no saved address of yours has this id; choose or type an address.",
      );
    return orderAddressOf(saved);
  }
  const typed = body.address;
  if (!typed)
    throw new HttpError(
      400,
      "address: enter the shipping address (address1, city, state, zipCode).",
    );
  return orderAddressOf({ id: "quote", type: "Other", ...typed });
}

/** The quote was paid already: the attempt is recorded (committed), then answered 409. */
const ALREADY_PAID = Symbol("already paid");

/** POST /v2/quotes/{token}/pay: the order to pay (a new one, or the payable one of this attempt). */
export async function payQuote(
  db: Db,
  token: string | undefined,
  body: PayQuoteInput,
  caller: { uid: string } | null,
  provider: PaymentProvider,
  siteUrl: string,
  now = new Date(),
): Promise<CreatedOrder> {
  const found = await findByToken(db, token, now);
  if (!found) throw new HttpError(404, "Quote not found");
  const target = found.current;
  const phone = normaliseIndianPhone(body.customer_phone);
  if (!phone)
    throw new HttpError(
      400,
      "customer_phone: enter a 10-digit Indian mobile number (for example 98765 43210).",
    );
  const email = body.customer_email.trim();
  const order = await db.transaction(async (tx): Promise<OrderRow | typeof ALREADY_PAID> => {
    const [q] = await tx.select().from(quotes).where(eq(quotes.id, target.id)).for("update");
    if (!q) throw new HttpError(404, "Quote not found");
    if (q.status === "paid") {
      await logQuoteEvent(
        tx,
        q.id,
        "pay-refused",
        `a payment attempt by ${email} after the quote was paid by ${q.paidOrderId}`,
      );
      return ALREADY_PAID;
    }
    if (!isOpenOrPaid(q, now)) throw new HttpError(404, "Quote not found");
    const uid = caller?.uid ?? null;
    const userId = uid ?? GUEST_USER_ID;
    const attempt = { userId, quoteId: q.id, idempotencyKey: body.idempotency_key ?? null };
    return storeOrder(
      tx,
      attempt,
      async () => {
        const address = await placeFor(tx, body, uid);
        if (!uid) await ensurePlaceholderUser(tx, GUEST_USER);
        return {
          kind: q.kind === "shipping" ? "shipping" : "custom",
          userId,
          quoteId: q.id,
          claimEmail: uid ? "" : email.toLowerCase(),
          returnPath: (id) => `/quote-return/${id}`,
          person: personName(body.customer_name, phone, email),
          address,
          lines: [
            {
              productId: null,
              name: q.title,
              image: q.referenceImage,
              weightGrams: 0,
              // The quote's promise: its dispatch window's last day (decision 0046).
              processingDays: q.dispatchMaxDays,
              variant: {},
              quantity: 1,
              pricePaise: q.pricePaise,
              productNote:
                q.kind === "shipping"
                  ? `Shipping charge for order ${q.forOrderId}`
                  : `Custom piece (quote ${q.id})`,
            },
          ],
          notes: "",
          payableUntil: q.expiresAt,
        };
      },
      now,
    );
  });
  if (order === ALREADY_PAID) throw new HttpError(409, "This quote is already paid.");
  return openProviderOrder(
    order,
    { id: order.userId, name: body.customer_name, email, phone },
    provider,
    siteUrl,
    now,
  );
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
  if (q.inquiryId)
    await tx
      .update(customInquiries)
      .set({ status: "paid", updatedAt: now })
      .where(eq(customInquiries.id, q.inquiryId));
  if (q.kind === "shipping" && q.forOrderId) {
    await tx
      .update(orders)
      .set({ shippingCostPaise: q.pricePaise, updatedAt: now })
      .where(eq(orders.id, q.forOrderId));
  }
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
  console.error(`[quotes] quote ${order.quoteId}: ${reason}; refused ${what}. Refund it.`);
  await logQuoteEvent(tx, order.quoteId!, "pay-refused", `${what}: ${reason}; refund it`, order.id);
  await tx
    .update(orders)
    .set({
      status: order.status === "pending" ? "cancelled" : order.status,
      paymentStatus: PAYMENT_STATUS.refused,
      notes: `Refused: ${reason}. Refund ${payment.paymentId}.`,
      nextCheckAt: null,
      timeline: sql`${orders.timeline} || ${JSON.stringify({ cancelled: now.toISOString() })}::jsonb`,
      updatedAt: now,
    })
    .where(eq(orders.id, order.id));
  await sendMail(tx, {
    to: ownerAddress(),
    subject: `Quote payment refused: refund ${payment.paymentId}`,
    text: `For the quote "${q?.title ?? order.quoteId}", ${reason}. A ${what} succeeded at the provider; it is recorded, the order is cancelled and NOT counted as paid. Refund it in the provider's dashboard.\n\n${siteLink(`/admin/order/${order.id}`)}\n`,
  });
}
