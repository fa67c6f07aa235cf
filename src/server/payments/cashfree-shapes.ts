/**
 * Cashfree's field names (API version 2025-01-01, ../shared/CASHFREE.md) and their reshaping into
 * the shop's types. The only module besides cashfree.server.ts that knows them; the local provider
 * reuses the webhook shape so the demo runs the same webhook path.
 */
import { z } from "zod";
import { rupeesToPaise } from "../../lib/money";
import type {
  PaymentOutcome,
  ProviderOrderStatus,
  ProviderPayment,
  WebhookEvent,
} from "./provider";

const amount = z.union([z.number(), z.string()]);

export const cfPayment = z.looseObject({
  cf_payment_id: z.union([z.string(), z.number()]).transform(String),
  order_id: z.string().optional(),
  payment_status: z.string(),
  payment_amount: amount,
  payment_currency: z.string().default("INR"),
  payment_time: z.string().nullish(),
  payment_method: z
    .looseObject({ upi: z.looseObject({ upi_id: z.string().nullish() }).nullish() })
    .nullish(),
});

export const cfOrder = z.looseObject({
  cf_order_id: z.union([z.string(), z.number()]).transform(String).optional(),
  order_id: z.string(),
  order_amount: amount,
  order_currency: z.string().default("INR"),
  order_status: z.string(),
  payment_session_id: z.string().nullish(),
  order_expiry_time: z.string().nullish(),
});

export const cfWebhook = z.looseObject({
  type: z.string(),
  event_time: z.string().optional(),
  data: z.looseObject({
    order: z.looseObject({
      order_id: z.string(),
      order_amount: amount.optional(),
      order_currency: z.string().optional(),
    }),
    payment: cfPayment,
  }),
});

/** Cashfree's decimal rupees (number or string) -> paise; NaN when malformed (never equal to a stored amount). */
export function cfAmountToPaise(value: number | string): number {
  const text = typeof value === "number" ? value.toFixed(2) : value;
  return rupeesToPaise(text) ?? Number.NaN;
}

const OUTCOMES: Record<string, PaymentOutcome> = {
  SUCCESS: "SUCCESS",
  FAILED: "FAILED",
  USER_DROPPED: "USER_DROPPED",
  CANCELLED: "USER_DROPPED",
  VOID: "FAILED",
  PENDING: "PENDING",
  NOT_ATTEMPTED: "PENDING",
};

export function toPayment(p: z.infer<typeof cfPayment>): ProviderPayment {
  const time = p.payment_time ? new Date(p.payment_time) : null;
  return {
    paymentId: p.cf_payment_id,
    status: OUTCOMES[p.payment_status] ?? "OTHER",
    amountPaise: cfAmountToPaise(p.payment_amount),
    currency: p.payment_currency,
    paidAt: time && !Number.isNaN(time.getTime()) ? time : null,
    upiId: p.payment_method?.upi?.upi_id ?? "",
    raw: p,
  };
}

export function toOrderStatus(status: string, payments: ProviderPayment[]): ProviderOrderStatus {
  const known = ["ACTIVE", "PAID", "EXPIRED", "TERMINATED"] as const;
  const mapped = (known as readonly string[]).includes(status)
    ? (status as ProviderOrderStatus["status"])
    : "TERMINATED";
  return { status: status === "TERMINATION_REQUESTED" ? "TERMINATED" : mapped, payments };
}

export function toWebhookEvent(body: unknown): WebhookEvent | null {
  const parsed = cfWebhook.safeParse(body);
  if (!parsed.success) return null;
  return { orderId: parsed.data.data.order.order_id, payment: toPayment(parsed.data.data.payment) };
}
