/**
 * Paying a quote (issue 12 §2) through checkout's provider interface, verification, webhooks and
 * exactly-once recording (docs/decisions/0014, 0045): the link's token finds the quote; the order
 * has one custom line at the quote's price (the server's amount, never the page's); a quote is
 * paid at most once. A second payment is refused at the door (409, recorded as a quote event) and,
 * when two attempts both reach the provider, in recordPayment: the later success is recorded,
 * the order cancelled (payment Refused) and the owner mailed to refund it.
 */
import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "../../server/db/client";
import {
  addresses,
  customInquiries,
  orderItems,
  orders,
  quotes,
  users,
} from "../../server/db/schema";
import { HttpError } from "../../server/http";
import { ownerAddress, sendMail } from "../../server/mail.server";
import { paymentConfig } from "../../server/payments/config.server";
import type { PaymentProvider, ProviderPayment } from "../../server/payments/provider";
import { formatInr } from "../../lib/money";
import { PAYMENT_STATUS, normaliseIndianPhone } from "../checkout/checkout";
import { newOrderId, openProviderOrder, type CreatedOrder } from "../checkout/create-order.server";
import { siteLink } from "./quote-mail.server";
import { isTokenShape, tokenHash } from "./quote-token.server";
import type { PayQuoteInput } from "./quotes.schema";
import { logQuoteEvent, type QuoteRow } from "./quotes.server";

/** The one users row quote orders paid without an account belong to (they are found by claim_email). */
export const GUEST_USER_ID = "~quote-guest";
const GUEST_EMAIL = "quote-guest@resintales.invalid";

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

async function ensureGuestUser(tx: Tx): Promise<void> {
  await tx
    .insert(users)
    .values({
      id: GUEST_USER_ID,
      email: GUEST_EMAIL,
      firstName: "Quote",
      lastName: "guest",
    })
    .onConflictDoNothing();
}

type Place = {
  id: string;
  type: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
};

async function placeFor(tx: Tx, body: PayQuoteInput, uid: string | null): Promise<Place> {
  if (body.address_id) {
    if (!uid)
      throw new HttpError(401, "Please log in to use a saved address, or type the address.");
    const [a] = await tx
      .select()
      .from(addresses)
      .where(and(eq(addresses.userId, uid), eq(addresses.id, body.address_id)));
    if (!a)
      throw new HttpError(
        400,
        "address_id: no saved address of yours has this id; choose or type an address.",
      );
    return {
      id: a.id,
      type: a.type,
      address1: a.address1,
      address2: a.address2,
      city: a.city,
      state: a.state,
      zipCode: a.zipCode,
      country: a.country,
    };
  }
  const t = body.address;
  if (!t)
    throw new HttpError(
      400,
      "address: enter the shipping address (address1, city, state, zipCode).",
    );
  return {
    id: "quote",
    type: "Other",
    address1: t.address1,
    address2: t.address2 ?? "",
    city: t.city,
    state: t.state,
    zipCode: t.zipCode,
    country: t.country || "India",
  };
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
    if (body.idempotency_key) {
      const [same] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.quoteId, q.id), eq(orders.idempotencyKey, body.idempotency_key)));
      if (same) return same;
    }
    const place = await placeFor(tx, body, uid);
    if (!uid) await ensureGuestUser(tx);
    const [first, ...rest] = body.customer_name.trim().split(/\s+/);
    const person = {
      firstName: first ?? "",
      lastName: rest.join(" "),
      phone,
      email,
    };
    // One payable order per quote, payer and address: a retried press answers the same order.
    const print = JSON.stringify([q.id, email.toLowerCase(), phone, place]);
    const [retry] = await tx
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.quoteId, q.id),
          eq(orders.cartFingerprint, print),
          eq(orders.status, "pending"),
          eq(orders.paymentStatus, PAYMENT_STATUS.pending),
          gt(orders.expiresAt, now),
        ),
      )
      .orderBy(desc(orders.createdAt))
      .limit(1);
    if (retry) return retry;
    const id = newOrderId(now.getTime());
    const expiresAt = new Date(
      Math.min(now.getTime() + paymentConfig().expiryMinutes * 60_000, q.expiresAt.getTime()),
    );
    const [row] = await tx
      .insert(orders)
      .values({
        id,
        userId: uid ?? GUEST_USER_ID,
        kind: q.kind === "shipping" ? "shipping" : "custom",
        quoteId: q.id,
        dispatchDays: q.dispatchMaxDays,
        claimEmail: uid ? "" : email.toLowerCase(),
        returnPath: `/quote-return/${id}`,
        status: "pending",
        subtotalPaise: q.pricePaise,
        totalPaise: q.pricePaise,
        paymentAmountPaise: q.pricePaise,
        shippingName: person,
        billingName: person,
        shippingAddress: place,
        billingAddress: place,
        paymentStatus: PAYMENT_STATUS.pending,
        timeline: { pending: now.toISOString() },
        provider: paymentConfig().provider,
        idempotencyKey: body.idempotency_key ?? null,
        cartFingerprint: print,
        expiresAt,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(orderItems).values({
      id: `${id}-001`,
      orderId: id,
      productId: null,
      productName: q.title,
      productImage: q.referenceImage,
      quantity: 1,
      pricePaise: q.pricePaise,
      productNote:
        q.kind === "shipping"
          ? `Shipping charge for order ${q.forOrderId}`
          : "Custom piece, made to order",
    });
    return row!;
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
