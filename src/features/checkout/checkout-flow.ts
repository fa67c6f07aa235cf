/**
 * Checkout's pure rules for the browser and the pages (docs/product.md §2 Checkout, §4 Checkout flow, §5
 * Checkout, §8): the spec's toasts, the phone check, the order summary priced from the server cart,
 * the tempOrder entry (docs/product.md §3) and how a verification answer is read. No zod, no server code.
 * Amounts are integer paise (the API client converts at the wire).
 */
import {
  describePersonalised,
  type PersonalisedValue,
} from "~/features/personalisation/personalisation";
import type { ToastInput } from "~/components/ui/toast-store";
import { shippingEstimatePaise, totalWeightGrams } from "~/features/shipping/estimate-tiers";
import { thankYouPath } from "~/features/orders/thank-you";
import { normaliseIndianPhone } from "~/lib/phone";
import { choiceValues } from "~/lib/variant-choice";

export const CHECKOUT_TOASTS = {
  noAddress: {
    type: "warning",
    title: "Address not selected",
    message: "Address is mandatory to place order!",
  },
  badPhone: {
    type: "warning",
    title: "UPI Contact",
    message: "Please enter a valid contact number!",
  },
  sdkFailed: { type: "error", title: "Payment failed", message: "Please try again" },
  createFailed: { type: "error", title: "Failed", message: "Order Creation Failed" },
  verified: { type: "success", title: "Order Placed", message: "Payment recieved and verified" },
  notReceived: { type: "warning", title: "Order not Placed", message: "Payment not recieved!" },
  notProcessed: { type: "error", title: "Order not Placed", message: "Payment not processed!" },
} as const satisfies Record<string, ToastInput>;

export const CHECKOUT_TEXTS = {
  verifying: "Verifying your payment...",
  emptyCart: "Your cart is empty.",
  processing: "Processing...",
} as const;

/** An Indian mobile number as the placeholder shows it. */
export const PHONE_PLACEHOLDER = "+91 98765 43210";
/** docs/product.md §9: phone minimum length at checkout. */
export const PHONE_MIN_LENGTH = 10;

/**
 * The 10-digit Indian mobile number in `input` (the server's own rule, ./phone.ts), or null.
 * docs/product.md §5 asks for at least 10 characters; the server refuses anything that is
 * not a mobile number, so the browser applies the same rule and shows the spec's toast instead.
 */
export function normaliseIndianMobile(input: string): string | null {
  const raw = input.trim();
  if (raw.length < PHONE_MIN_LENGTH) return null;
  return normaliseIndianPhone(raw);
}

export interface SummaryLine {
  id: string;
  name: string;
  image: string;
  /** The chosen variant values, in order. */
  variantValues: string[];
  quantity: number;
  /** Unit price, paise. */
  price: number;
  /** Kilograms (3 decimals), as the cart answers it. */
  weight: number;
  /** The personalisation, one short line per filled field (decision 0229); absent: none. */
  personalised?: string[];
}

export interface CheckoutSummary {
  lines: SummaryLine[];
  subtotal: number;
  /** The docs/product.md §9 weight-tier estimate, shown as 'Upto'; not charged now. */
  shippingEstimate: number;
  /** What the shopper pays now: the order is sent with shipping 0 and discount 0 (docs/product.md §4). */
  total: number;
}

/** The summary of a cart answer (already priced by the server). */
export function checkoutSummary(
  items: readonly {
    id: string;
    product: { name: string; image: string; weight: number };
    variant: Record<string, { value: string }>;
    quantity: number;
    price: number;
    personalisation?: readonly PersonalisedValue[];
  }[],
): CheckoutSummary {
  const lines = items.map((item) => ({
    id: item.id,
    name: item.product.name,
    image: item.product.image,
    variantValues: choiceValues(item.variant),
    quantity: item.quantity,
    price: item.price,
    weight: item.product.weight,
    ...(item.personalisation?.length
      ? { personalised: describePersonalised(item.personalisation) }
      : {}),
  }));
  const subtotal = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  const grams = totalWeightGrams(
    lines.map((line) => ({ quantity: line.quantity, weightGrams: Math.round(line.weight * 1000) })),
  );
  return {
    lines,
    subtotal,
    shippingEstimate: lines.length ? shippingEstimatePaise(grams) : 0,
    total: subtotal,
  };
}

export type PaymentProvider = "local" | "cashfree";
export type PaymentMode = "sandbox" | "production";

/** The body of POST /create-order. `order_amount` (paise here, rupees on the wire) is ignored by the server. */
export interface CreateOrderBody {
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  order_amount: number;
  address_id: string;
  idempotency_key: string;
  notes?: string;
  /** A discount code (docs/decisions/0095): the server prices it again. */
  coupon_code?: string;
  /** "YYYY-MM-DD": checked against the promise before payment (docs/decisions/0122). */
  needed_by?: string;
  buyer_gstin?: string;
}

export interface CreateOrderAnswer {
  payment_session_id: string;
  order_id: string;
  provider: PaymentProvider;
  mode: PaymentMode;
}

/** docs/product.md §3 tempOrder: what checkout sent, plus the order id and provider, for the return page. */
export interface TempOrder extends Omit<CreateOrderBody, "idempotency_key"> {
  order_id: string;
  provider: PaymentProvider;
}

export const isProvider = (value: unknown): value is PaymentProvider =>
  value === "local" || value === "cashfree";

/** The stored tempOrder, or null when absent or unreadable. */
export function parseTempOrder(raw: string | null): TempOrder | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<TempOrder> | null;
    if (
      !value ||
      typeof value !== "object" ||
      typeof value.order_id !== "string" ||
      !isProvider(value.provider)
    )
      return null;
    return value as TempOrder;
  } catch {
    return null;
  }
}

/** docs/product.md §4: the text SUCCESS means paid; any other text means not paid. */
export type VerifyOutcome = "paid" | "not-paid" | "error";

export function verifyOutcome(answer: unknown): VerifyOutcome {
  return typeof answer === "string" && answer.trim() === "SUCCESS" ? "paid" : "not-paid";
}

/**
 * Where the return page goes, and with which toast, for each outcome (docs/product.md §4, §8). A
 * paid order lands on its thank-you page with the spec's toast, not on the orders list
 * (docs/decisions/0209-thank-you-page.md).
 */
export const VERIFY_NEXT: Record<
  VerifyOutcome,
  { to: (orderId: string) => string; toast: ToastInput }
> = {
  paid: { to: thankYouPath, toast: CHECKOUT_TOASTS.verified },
  "not-paid": { to: () => "/products", toast: CHECKOUT_TOASTS.notReceived },
  error: { to: () => "/", toast: CHECKOUT_TOASTS.notProcessed },
};

/** A fresh idempotency key for one checkout attempt. */
export function newIdempotencyKey(random: () => string = () => crypto.randomUUID()): string {
  return `chk-${random()}`;
}
