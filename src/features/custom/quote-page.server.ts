/**
 * What /quote/{token} (and GET /v2/quotes/{token}) shows: the quote while it can be paid, that it
 * was replaced (with the way to the new one), or, once paid, the order's progress (status, promised
 * dispatch date, studio stages with photos). null for anything else: the page is a plain 404.
 * (The payment's return, /quote-return/{order}, is checkout's: checkout/quote-return.server.ts.)
 */
import type { DbOrTx } from "~/server/db/client";
import { loadInquiryRow } from "~/features/inquiries/inquiry-records.server";
import { indiaDay } from "~/lib/dates";
import { loadOrderRow } from "~/features/orders/order-records.server";
import {
  depositJson,
  depositRole,
  loadQuoteDeposit,
  type OrderDepositJson,
} from "~/features/made-to-order/deposits.server";
import { paymentsOf, type OrderPaymentJson } from "~/features/orders/order-payments.server";
import { findByToken } from "./quote-payment.server";
import type { QuoteJson } from "./quotes";
import type { QuoteRow } from "./quote-records.server";
import { loadOrderStages, type OrderStagesJson } from "./stages.server";

/** What the quote page shows: the owner's quote without its bookkeeping (amounts in paise). */
export type PublicQuote = Pick<
  QuoteJson,
  | "kind"
  | "title"
  | "description"
  | "price"
  | "shippingEstimate"
  | "total"
  | "dispatchMinDays"
  | "dispatchMaxDays"
  | "stageSet"
  | "referenceImage"
  | "customerName"
  | "customerEmail"
  | "expiresAt"
  | "personalisationFields"
>;

export interface QuotePage {
  state: "open" | "paid" | "replaced";
  quote: PublicQuote;
  /** Paid: the order's progress. */
  order: {
    id: string;
    status: string;
    promisedDispatchAt: string | null;
    trackingNumber: string;
    paidAt: string | null;
  } | null;
  stages: OrderStagesJson | null;
  /** A quote asking for an advance (docs/decisions/0124): the split, and whether the balance is paid. */
  deposit: OrderDepositJson | null;
  /**
   * Open quotes: the date the inquiry said the piece is needed by ("YYYY-MM-DD", "" for none or a
   * past one), prefilled in the pay form's needed-by field (docs/decisions/0122).
   */
  neededBy: string;
  /** A payment link's page: what it pays, a deposit's balance or a shipping charge; null for a quote. */
  paysFor: "balance" | "shipping" | null;
  /** Paid: the order's payments, oldest first (docs/decisions/0204), and their sum; paise inside. */
  payments: QuotePayment[];
  amountPaid: number;
}

/** One payment toward the order, as the quote page lists it. */
export interface QuotePayment {
  kind: OrderPaymentJson["kind"];
  amount: number;
  paidAt: string;
}

function publicQuote(q: QuoteRow): PublicQuote {
  return {
    kind: q.kind,
    title: q.title,
    description: q.description,
    price: q.pricePaise,
    shippingEstimate: q.shippingEstimatePaise,
    total: q.pricePaise,
    dispatchMinDays: q.dispatchMinDays,
    dispatchMaxDays: q.dispatchMaxDays,
    stageSet: q.stageSet,
    referenceImage: q.referenceImage,
    customerName: q.customerName,
    customerEmail: q.customerEmail,
    expiresAt: q.expiresAt.toISOString(),
    // The fields the customer fills before paying (decision 0266).
    personalisationFields: q.personalisationFields,
  };
}

/** What a payment link pays: a deposit's balance when a deposit names it, else a shipping charge. */
async function paysFor(db: DbOrTx, q: QuoteRow): Promise<QuotePage["paysFor"]> {
  if (q.kind !== "shipping") return null;
  return (await depositRole(db, q.id))?.role === "balance" ? "balance" : "shipping";
}

/** The payments of the order a paid quote (or a paid link) is about, and their sum. */
async function paymentsPart(
  db: DbOrTx,
  orderId: string | null | undefined,
): Promise<Pick<QuotePage, "payments" | "amountPaid">> {
  const payments = orderId
    ? (await paymentsOf(db, orderId)).map((p) => ({
        kind: p.kind,
        amount: p.amountPaise,
        paidAt: p.paidAt,
      }))
    : [];
  return { payments, amountPaid: payments.reduce((sum, p) => sum + p.amount, 0) };
}

async function pageOf(db: DbOrTx, q: QuoteRow): Promise<QuotePage> {
  const row = q.kind === "quote" ? await loadQuoteDeposit(db, q.id) : null;
  const deposit = row ? depositJson(row) : null;
  const page = { ...(await plainPageOf(db, q)), paysFor: await paysFor(db, q) };
  // With a deposit, the link takes the advance: "Total now" and the pay button say so.
  return deposit ? { ...page, deposit, quote: { ...page.quote, total: deposit.advance } } : page;
}

async function plainPageOf(db: DbOrTx, q: QuoteRow): Promise<Omit<QuotePage, "paysFor">> {
  if (q.status === "replaced")
    return {
      state: "replaced",
      quote: publicQuote(q),
      order: null,
      stages: null,
      deposit: null,
      neededBy: "",
      payments: [],
      amountPaid: 0,
    };
  if (q.status === "paid" && q.paidOrderId) {
    const o = await loadOrderRow(db, q.paidOrderId);
    const stages = o && q.kind === "quote" ? await loadOrderStages(db, o.id) : null;
    return {
      state: "paid",
      quote: publicQuote(q),
      order: o
        ? {
            id: o.id,
            status: o.status,
            promisedDispatchAt: o.promisedDispatchAt?.toISOString() ?? null,
            trackingNumber: o.trackingNumber,
            paidAt: o.paidAt?.toISOString() ?? null,
          }
        : null,
      stages,
      deposit: null,
      neededBy: "",
      // A link's row is a carrier (decision 0204): its payments are those of the order it pays.
      ...(await paymentsPart(db, q.kind === "shipping" ? q.forOrderId : o?.id)),
    };
  }
  return {
    state: "open",
    quote: publicQuote(q),
    order: null,
    stages: null,
    deposit: null,
    neededBy: await inquiryNeededBy(db, q),
    payments: [],
    amountPaid: 0,
  };
}

/** The inquiry's needed-by date for a quote's piece, while it is still ahead (India days). */
async function inquiryNeededBy(db: DbOrTx, q: QuoteRow, now = new Date()): Promise<string> {
  if (q.kind !== "quote" || !q.inquiryId) return "";
  const date = (await loadInquiryRow(db, q.inquiryId))?.neededBy ?? "";
  return date > indiaDay(now) ? date : "";
}

/** The page of a link; `follow` shows where a replaced quote's link leads now (/quote/{token}/new). */
export async function loadQuotePage(
  db: DbOrTx,
  token: string | undefined,
  options: { follow?: boolean; now?: Date } = {},
): Promise<QuotePage | null> {
  const now = options.now ?? new Date();
  const found = await findByToken(db, token, now);
  if (!found) return null;
  if (!options.follow) return pageOf(db, found.quote);
  const current = found.current;
  if (
    current.status === "paid" ||
    (current.status === "sent" && current.expiresAt.getTime() > now.getTime())
  )
    return pageOf(db, current);
  return null;
}
