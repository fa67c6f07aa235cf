/**
 * Cashfree's field names (API version 2025-01-01, ../shared/CASHFREE.md, docs/cashfree.md) and their
 * reshaping into the shop's types. The only module besides cashfree.server.ts that knows them; the
 * local provider reuses the webhook shape so the demo runs the same webhook path.
 *
 * Every field of Cashfree's entities is optional in its OpenAPI file and several are null in some
 * flows: nothing here throws on a null or a missing field (docs/decisions/0055). A payment entry
 * without a cf_payment_id cannot be recorded and is skipped; the rest of the list still counts.
 */
import { createHash } from "node:crypto";
import { z } from "zod";
import { rupeesToPaise } from "~/lib/money";
import type {
  PaymentOutcome,
  ProviderOrderStatus,
  ProviderPayment,
  ProviderRefund,
  RefundStatus,
  WebhookEvent,
} from "./provider";
import { log } from "~/server/log/logger";

const amount = z.union([z.number(), z.string()]).nullish();
const id = z.union([z.string(), z.number()]).transform(String);
const text = z.string().nullish();

export const cfPayment = z.looseObject({
  cf_payment_id: id,
  order_id: text,
  payment_status: text,
  payment_amount: amount,
  payment_currency: text,
  order_amount: amount,
  order_currency: text,
  payment_time: text,
  payment_completion_time: text,
  payment_method: z
    .looseObject({ upi: z.looseObject({ upi_id: text }).nullish() })
    .nullish()
    .catch(null),
  payment_surcharge: z
    .looseObject({
      payment_surcharge_service_charge: amount,
      payment_surcharge_service_tax: amount,
    })
    .nullish()
    .catch(null),
  payment_offers: z.unknown().nullish(),
});

export const cfOrder = z.looseObject({
  cf_order_id: id.nullish(),
  order_id: text,
  order_amount: amount,
  order_currency: text,
  order_status: text,
  payment_session_id: text,
  order_expiry_time: text,
});

export const cfRefund = z.looseObject({
  cf_refund_id: id.nullish(),
  cf_payment_id: id.nullish(),
  refund_id: id.nullish(),
  order_id: text,
  refund_amount: amount,
  refund_status: text,
  status_description: text,
  refund_note: text,
  processed_at: text,
});

const cfWebhook = z.looseObject({
  type: z.string(),
  event_time: text,
  data: z
    .looseObject({
      order: z
        .looseObject({ order_id: text, order_amount: amount, order_currency: text })
        .nullish(),
      payment: z.unknown().optional(),
      // Where the OpenAPI's PaymentWebhook callback puts the fee (docs/cashfree.md).
      payment_surcharge: cfPayment.shape.payment_surcharge,
      refund: z.unknown().optional(),
      payment_offers: z.unknown().optional(),
    })
    .nullish(),
});

/** Cashfree's decimal rupees (number or string) -> paise; NaN when missing or malformed. */
export function cfAmountToPaise(value: number | string | null | undefined): number {
  if (value === null || value === undefined) return Number.NaN;
  const written = typeof value === "number" ? value.toFixed(2) : value;
  return rupeesToPaise(written) ?? Number.NaN;
}

function date(value: string | null | undefined): Date | null {
  if (!value) return null;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
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

type CfPayment = z.infer<typeof cfPayment>;

/**
 * One payment entry. `order` is the order's amount and currency as Cashfree reports them (GET
 * order, or the webhook's data.order); the entry's own order_amount is the fallback.
 */
export function toPayment(
  p: CfPayment,
  order?: { amount?: number | string | null; currency?: string | null },
  offers?: unknown,
): ProviderPayment {
  const orderAmount = cfAmountToPaise(order?.amount ?? p.order_amount);
  const charge = cfAmountToPaise(p.payment_surcharge?.payment_surcharge_service_charge);
  const tax = cfAmountToPaise(p.payment_surcharge?.payment_surcharge_service_tax);
  const fees = (Number.isFinite(charge) ? charge : 0) + (Number.isFinite(tax) ? tax : 0);
  return {
    paymentId: p.cf_payment_id,
    status: OUTCOMES[p.payment_status ?? ""] ?? "OTHER",
    amountPaise: cfAmountToPaise(p.payment_amount),
    currency: p.payment_currency ?? "",
    orderAmountPaise: Number.isFinite(orderAmount) ? orderAmount : null,
    orderCurrency: order?.currency ?? p.order_currency ?? null,
    feesPaise: fees,
    offers: offers ?? p.payment_offers ?? null,
    paidAt: date(p.payment_completion_time) ?? date(p.payment_time),
    upiId: p.payment_method?.upi?.upi_id ?? "",
    raw: p,
  };
}

/** The entries of GET /orders/{id}/payments that can be read; the others are logged and skipped. */
export function toPayments(
  list: unknown,
  order: { amount?: number | string | null; currency?: string | null },
): ProviderPayment[] {
  if (!Array.isArray(list)) return [];
  const payments: ProviderPayment[] = [];
  for (const entry of list) {
    const parsed = cfPayment.safeParse(entry);
    if (parsed.success) payments.push(toPayment(parsed.data, order));
    else log.error("[payments] a Cashfree payment entry without cf_payment_id was skipped");
  }
  return payments;
}

export function toOrderStatus(
  status: string | null | undefined,
  payments: ProviderPayment[],
): ProviderOrderStatus {
  const known = ["ACTIVE", "PAID", "EXPIRED", "TERMINATED"] as const;
  const mapped = (known as readonly string[]).includes(status ?? "")
    ? (status as ProviderOrderStatus["status"])
    : // An unknown or missing status: ACTIVE keeps the order being asked about (never cancelled on it).
      status === "TERMINATION_REQUESTED"
      ? "TERMINATED"
      : "ACTIVE";
  return { status: mapped, payments };
}

const REFUND_STATUSES: Record<string, RefundStatus> = {
  SUCCESS: "SUCCESS",
  PENDING: "PENDING",
  ONHOLD: "PENDING",
  FAILED: "FAILED",
  CANCELLED: "CANCELLED",
};

export function toRefund(r: z.infer<typeof cfRefund>, fallbackId = ""): ProviderRefund {
  return {
    refundId: r.refund_id ?? fallbackId,
    providerRefundId: r.cf_refund_id ?? "",
    status: REFUND_STATUSES[r.refund_status ?? ""] ?? "PENDING",
    amountPaise: cfAmountToPaise(r.refund_amount),
    processedAt: date(r.processed_at),
    note: r.status_description ?? "",
    raw: r,
  };
}

/** A delivery's id: the provider's idempotency header, else a hash of the body. */
export function webhookEventId(rawBody: string, deliveryId: string | null): string {
  return (deliveryId || createHash("sha256").update(rawBody).digest("hex")).slice(0, 200);
}

/**
 * A signed webhook body, reshaped; null when it is not JSON of Cashfree's envelope. Payment types
 * (PAYMENT_SUCCESS/FAILED/USER_DROPPED_WEBHOOK) and refund types (REFUND_STATUS_WEBHOOK,
 * AUTO_REFUND_STATUS_WEBHOOK) are acted on; every other type (settlement, dispute, charges) is
 * "other": recorded, answered 200.
 */
export function toWebhookEvent(rawBody: string, deliveryId: string | null): WebhookEvent {
  const eventId = webhookEventId(rawBody, deliveryId);
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    body = undefined;
  }
  const parsed = cfWebhook.safeParse(body);
  if (!parsed.success)
    // Signed, but not Cashfree's envelope: recorded as it came, answered 200.
    return {
      eventId,
      type: "UNREADABLE",
      body: { raw: rawBody.slice(0, 20_000) },
      kind: "other",
      orderId: null,
    };
  const { type, data } = parsed.data;
  const base = { eventId, type, body };
  const orderId = data?.order?.order_id ?? null;
  if (type.startsWith("PAYMENT_") && data?.payment !== undefined) {
    const payment = cfPayment.safeParse(data.payment);
    if (payment.success && orderId) {
      const order = { amount: data.order?.order_amount, currency: data.order?.order_currency };
      // data.payment_surcharge (the OpenAPI's place) wins over one inside the payment entity.
      const entry = data.payment_surcharge
        ? { ...payment.data, payment_surcharge: data.payment_surcharge }
        : payment.data;
      return {
        ...base,
        kind: "payment",
        orderId,
        payment: toPayment(entry, order, data.payment_offers),
      };
    }
  }
  if (type.includes("REFUND") && data?.refund !== undefined) {
    const refund = cfRefund.safeParse(data.refund);
    if (refund.success && refund.data.order_id)
      return {
        ...base,
        kind: "refund",
        orderId: refund.data.order_id,
        refund: toRefund(refund.data),
      };
  }
  return { ...base, kind: "other", orderId };
}
