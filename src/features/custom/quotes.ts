/**
 * Quotes without I/O (decision 0045): the answer shape, the effective status (expiry is read, never
 * written), and the texts of the quote page. Safe in the browser.
 */
import type { PersonalisationField } from "~/lib/personalisation-types";
import type { QuoteStatus } from "~/server/db/schema/custom-work";

export type { QuoteStatus };

/** The owner's view of a quote. Money in paise (price, shippingEstimate, total); json() sends rupees. */
export interface QuoteJson {
  id: string;
  kind: "quote" | "shipping";
  inquiryId: string | null;
  forOrderId: string | null;
  title: string;
  description: string;
  price: number;
  shippingEstimate: number;
  /** What the customer pays now: the price (shipping is charged at dispatch, decision 0021). */
  total: number;
  dispatchMinDays: number;
  dispatchMaxDays: number;
  stageSet: "custom" | "varmala";
  referenceImage: string;
  customerName: string;
  customerEmail: string;
  expiresAt: string;
  /** draft, sent, replaced, withdrawn, paid, or expired (a sent quote past its expiry). */
  status: QuoteStatus | "expired";
  sentAt: string | null;
  replacedBy: string | null;
  paidOrderId: string | null;
  /** The product whose personalisation fields apply (decision 0266), and those fields; none: null, []. */
  personalisationProductId: string | null;
  personalisationFields: PersonalisationField[];
  createdAt: string;
}

/** One line of a quote's log (sent, revised, paid, a refused second payment). */
export interface QuoteEventJson {
  quoteId: string;
  kind: string;
  detail: string;
  orderId: string | null;
  /** ISO. */
  at: string;
}

/** GET /v2/admin/inquiries/{id}/quotes: the inquiry (without the sender's address), its quotes and their log. */
export interface InquiryQuotesJson {
  inquiry: {
    id: string;
    name: string;
    email: string;
    productType: string;
    colors: string;
    size: string;
    budget: string;
    description: string;
    status: string;
    createdAt: string;
    updatedAt: string;
  };
  quotes: QuoteJson[];
  events: QuoteEventJson[];
}

/** A saved address the quote page offers a signed-in visitor: its id and one line to show. */
export interface SavedAddress {
  id: string;
  label: string;
}

export function effectiveStatus(
  status: QuoteStatus,
  expiresAt: Date,
  now = new Date(),
): QuoteStatus | "expired" {
  if ((status === "sent" || status === "draft") && expiresAt.getTime() <= now.getTime())
    return "expired";
  return status;
}

/** The policies a quote's page shows (docs/product.md §9 policy texts). */
export const QUOTE_POLICIES = [
  "All sales are final: no refunds.",
  "Report any damage within 12 hours of delivery.",
  "Shipping is charged at dispatch.",
  "Full payment upfront: no cash on delivery.",
] as const;

/**
 * The policies a quote shows; with a deposit (decision 0124) the advance now and the balance before
 * dispatch, in place of "Full payment upfront", which it is not. `damageHours`: the claim window setting.
 */
export function quotePolicies(deposit: boolean, damageHours = 12): readonly string[] {
  // The damage line follows the claim window setting (decision 0247); at 12 it is the spec's text.
  const policies = QUOTE_POLICIES.map((p) =>
    p.startsWith("Report any damage")
      ? `Report any damage within ${damageHours} hours of delivery.`
      : p,
  );
  if (!deposit) return policies;
  return policies.map((p) =>
    p.startsWith("Full payment upfront")
      ? "An advance now and the balance before dispatch: no cash on delivery."
      : p,
  );
}

/**
 * What a paid quote's page says (decisions 0124, 0206): paid in full, or the advance paid with the
 * balance due, and when.
 */
export function paidText(
  deposit: { balance: number; balancePaidAt: string | null } | null,
  inr: (paise: number) => string,
): string {
  if (!deposit || deposit.balancePaidAt) return QUOTE_TEXTS.paid;
  return `The advance is paid. Thank you! The balance of ${inr(deposit.balance)} is due before dispatch: we mail you its link when your piece is ready.`;
}

/**
 * The small heading over a quote page's title: "Your quote", or what a payment link pays (a
 * deposit's balance or a shipping charge, decisions 0124 and 0205).
 */
export function quoteHeading(page: {
  quote: { kind: "quote" | "shipping" };
  paysFor: "balance" | "shipping" | null;
}): string {
  if (page.quote.kind === "quote") return "Your quote";
  return page.paysFor === "balance" ? "Balance" : "Shipping charge";
}

/** What each kind of payment toward an order is called (docs/decisions/0204). */
export const PAYMENT_KIND_LABELS = {
  order: "Payment in full",
  advance: "Advance",
  balance: "Balance",
  shipping: "Shipping charge",
} as const;

/**
 * The quote page's list of the order's payments: each as "Advance", its amount and the day it was
 * paid (India), then "Total paid", the sum of the amounts listed (paise in, texts out).
 */
export function paymentList(
  payments: readonly { kind: keyof typeof PAYMENT_KIND_LABELS; amount: number; paidAt: string }[],
  inr: (paise: number) => string,
  day: (at: string) => string,
): { rows: { kind: string; label: string; amount: string; paidOn: string }[]; total: string } {
  return {
    rows: payments.map((p) => ({
      kind: p.kind,
      label: PAYMENT_KIND_LABELS[p.kind],
      amount: inr(p.amount),
      paidOn: day(p.paidAt),
    })),
    total: inr(payments.reduce((sum, p) => sum + p.amount, 0)),
  };
}

export const QUOTE_TEXTS = {
  notFound: "This quote link is not valid, or the quote is no longer available.",
  replaced: "This quote was replaced by a newer one.",
  openNew: "Open the new quote",
  paid: "This quote is paid. Thank you!",
  alreadyPaid: "This quote is already paid.",
  payLabel: (total: string) => `Pay ${total} via UPI`,
} as const;
