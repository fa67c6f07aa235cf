/**
 * Paying a quote's link (decision 0045): POST /v2/quotes/{token}/pay, for a quote or a shipping
 * charge, through checkout's own machinery. Under the quote's row lock: a paid quote refuses the
 * attempt (409, logged on the quote); an open one stores its order through the one order store
 * (orders/store-order.server.ts, decision 0061) with one line at the quote's price (the server's
 * amount, never the page's) and the quote's dispatch window; then the provider order is opened as at
 * checkout. What a success does to the quote: custom/quote-payment.server.ts (recordPayment's hooks).
 */
import type { Db, Tx } from "~/server/db/client";
import { HttpError } from "~/server/http";
import type { PaymentProvider } from "~/server/payments/provider";
import { type OrderAddress, orderAddressOf, personName } from "~/lib/address";
import { ensurePlaceholderUser, loadSavedAddress } from "~/features/account/account.server";
import { findByToken, isOpenOrPaid, lockQuoteRow } from "~/features/custom/quote-payment.server";
import type { PayQuoteInput } from "~/features/custom/quotes.schema";
import { refuseInterStateSupply } from "~/features/books/supply-rules.server";
import { holdCodeUse, priceCode, shopperKeyOf } from "~/features/discounts/discount-pricing.server";
import { logQuoteEvent, type QuoteRow } from "~/features/custom/quote-records.server";
import { quoteLinePersonalisation } from "~/features/custom/quote-personalisation.server";
import { loadQuoteDeposit } from "~/features/made-to-order/deposits.server";
import {
  checkNeededBy,
  quoteLines,
  recordNeededBy,
  refuseNeededBy,
} from "~/features/made-to-order/needed-by.server";
import type { NeededByVerdict } from "~/features/made-to-order/needed-by";
import { loadOrderRow } from "~/features/orders/order-records.server";
import { storeOrder, type OrderHead } from "~/features/orders/store-order.server";
import { normaliseIndianPhone } from "./checkout";
import { openProviderOrder, type CreatedOrder } from "./create-order.server";
import { GUEST_USER_ID } from "./quote-guest";

const GUEST_USER = {
  id: GUEST_USER_ID,
  email: "quote-guest@resintales.invalid",
  firstName: "Quote",
  lastName: "guest",
};

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

/**
 * A discount code on a quote (docs/decisions/0095): only a code the owner allowed on quotes, never
 * on a shipping charge; priced on the quote's one line under the code's lock.
 */
export async function quoteCoupon(
  tx: Tx | Db,
  code: string,
  q: { kind: string; pricePaise: number },
  payer: { userId: string; claimEmail: string },
  now: Date,
  lock = true,
) {
  if (q.kind === "shipping")
    throw new HttpError(400, "A discount code cannot be used on a shipping charge.");
  return priceCode(tx, {
    code,
    userId: shopperKeyOf(payer),
    lines: [{ productId: null, quantity: 1, pricePaise: q.pricePaise }],
    paying: "quote",
    now,
    lock,
  });
}

/** The quote was paid already: the attempt is recorded (committed), then answered 409. */
const ALREADY_PAID = Symbol("already paid");

/** POST /v2/quotes/{token}/pay: the order to pay (a new one, or the payable one of this attempt). */
export async function payQuote(
  db: Db,
  token: string | undefined,
  body: PayQuoteInput & { coupon_code?: string | undefined },
  caller: { uid: string } | null,
  provider: PaymentProvider,
  siteUrl: string,
  now = new Date(),
): Promise<CreatedOrder> {
  const found = await findByToken(db, token, now);
  if (!found) throw new HttpError(404, "Quote not found");
  return payLink(db, found.current, body, caller, provider, siteUrl, now);
}

/**
 * Pays a quote or payment link found by its token, or (POST /v2/orders/{id}/pay-due, decision
 * 0214) an order's due link found by its order: the same rules whichever way it was reached.
 */
export async function payLink(
  db: Db,
  target: QuoteRow,
  body: PayQuoteInput & { coupon_code?: string | undefined },
  caller: { uid: string } | null,
  provider: PaymentProvider,
  siteUrl: string,
  now = new Date(),
): Promise<CreatedOrder> {
  // A payment link for an order (a shipping charge, a balance) is billed to that order's own
  // person, address and GSTIN, never what the page typed again (decision 0207).
  const parent =
    target.kind === "shipping" && target.forOrderId
      ? await loadOrderRow(db, target.forOrderId)
      : null;
  const phone = parent ? parent.shippingName.phone : normaliseIndianPhone(body.customer_phone);
  if (!phone)
    throw new HttpError(
      400,
      "customer_phone: enter a 10-digit Indian mobile number (for example 98765 43210).",
    );
  const email = parent ? parent.shippingName.email : body.customer_email.trim();
  const payerName = parent
    ? `${parent.shippingName.firstName} ${parent.shippingName.lastName}`.trim()
    : body.customer_name;
  const order = await db.transaction(async (tx): Promise<OrderHead | typeof ALREADY_PAID> => {
    const q = await lockQuoteRow(tx, target.id);
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
    const stored = await storeOrder(
      tx,
      attempt,
      async () => {
        // The quote's personalisation fields (decision 0266): the one values schema, before any write.
        const personalisation =
          q.kind === "quote" ? await quoteLinePersonalisation(tx, q, body.personalisation) : [];
        const address = parent ? parent.shippingAddress : await placeFor(tx, body, uid);
        if (q.kind === "quote") await refuseInterStateSupply(tx, address.state);
        if (body.needed_by && q.kind === "quote")
          await refuseNeededBy(tx, {
            ...quoteLines(q.dispatchMaxDays),
            neededBy: body.needed_by,
            pin: address.zipCode,
            now,
          });
        if (!uid) await ensurePlaceholderUser(tx, GUEST_USER);
        const claimEmail = uid ? "" : email.toLowerCase();
        const coupon = body.coupon_code
          ? await quoteCoupon(tx, body.coupon_code, q, { userId, claimEmail }, now)
          : undefined;
        // A deposit's order is the piece at its price; its provider order takes the advance, the
        // total less the balance (decision 0212), which must stay a payable amount.
        const deposit = q.kind === "quote" ? await loadQuoteDeposit(tx, q.id) : null;
        if (deposit && q.pricePaise - (coupon?.discountPaise ?? 0) - deposit.balancePaise < 100)
          throw new HttpError(
            400,
            "coupon_code: this code takes more than the advance; pay without it, or ask the studio.",
          );
        return {
          coupon,
          kind: q.kind === "shipping" ? "shipping" : "custom",
          userId,
          quoteId: q.id,
          claimEmail,
          returnPath: (id) => `/quote-return/${id}`,
          person: parent ? parent.shippingName : personName(body.customer_name, phone, email),
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
              // The piece's price, deposit or not: the advance is what its provider order asks
              // (decision 0212), the balance a payment of this order (decision 0204).
              pricePaise: q.pricePaise,
              productNote:
                q.kind === "shipping"
                  ? `Shipping charge for order ${q.forOrderId}`
                  : "Custom piece, made to order",
              personalisation,
            },
          ],
          notes: "",
          payableUntil: q.expiresAt,
          buyerGstin: parent ? parent.buyerGstin : (body.buyer_gstin ?? ""),
        };
      },
      now,
    );
    await holdCodeUse(tx, stored, now);
    if (body.needed_by && q.kind === "quote") await recordNeededBy(tx, stored.id, body.needed_by);
    return stored;
  });
  if (order === ALREADY_PAID) throw new HttpError(409, "This quote is already paid.");
  return openProviderOrder(
    order,
    { id: order.userId, name: payerName, email, phone },
    provider,
    siteUrl,
    now,
  );
}

/**
 * POST /v2/quotes/{token}/needed-by: the pay form's live answer (decision 0122), the same check as
 * the pay call's (one piece in the quote's window plus transit to the PIN); writes nothing. The
 * PIN is a saved address's (the caller's own) or the typed one.
 */
export async function checkQuoteNeededBy(
  db: Db,
  token: string | undefined,
  body: { needed_by: string; address_id?: string | undefined; pin?: string | undefined },
  uid: string | null,
  now = new Date(),
): Promise<NeededByVerdict> {
  const found = await findByToken(db, token, now);
  const q = found?.current;
  if (!q || q.status === "paid" || !isOpenOrPaid(q, now))
    throw new HttpError(404, "Quote not found");
  if (q.kind !== "quote")
    throw new HttpError(400, "A shipping charge has no needed-by date: nothing to check.");
  let pin = body.pin ?? "";
  if (body.address_id) {
    if (!uid)
      throw new HttpError(401, "Please log in to use a saved address, or type the address.");
    const saved = await loadSavedAddress(db, uid, body.address_id);
    if (!saved) throw new HttpError(400, "address_id: no saved address of yours has this id.");
    pin = saved.zipCode;
  }
  if (!pin)
    throw new HttpError(400, "Choose a saved address or type the PIN code to check the date.");
  return checkNeededBy(db, {
    ...quoteLines(q.dispatchMaxDays),
    neededBy: body.needed_by,
    pin,
    now,
  });
}
