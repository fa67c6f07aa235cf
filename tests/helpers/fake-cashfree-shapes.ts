/**
 * The fake Cashfree's shapes and rules (./fake-cashfree.ts has the server and its controls): the
 * signer, the fake's keys, the payment, refund and order records, and the checks of an order body
 * with Cashfree's documented error shapes.
 */
import { createHmac } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

/** Cashfree's algorithm (Node SDK PGVerifyWebhookSignature): base64(HMAC-SHA256(secret, ts + body)). */
export function fakeSign(secret: string, timestamp: string, rawBody: string): string {
  return createHmac("sha256", Buffer.from(secret, "utf8"))
    .update(Buffer.from(timestamp + rawBody, "utf8"))
    .digest("base64");
}

export const FAKE_ID = "fake-client-id";
export const FAKE_SECRET = "fake-client-secret";

export interface FakePayment {
  cf_payment_id: string;
  order_id: string;
  payment_status: string;
  payment_amount: number;
  payment_currency: string;
  order_amount: number;
  order_currency: string;
  payment_group: "upi" | null;
  payment_method: { upi: { channel: string; upi_id: string } } | null;
  payment_time: string | null;
  payment_completion_time: string | null;
  payment_surcharge: {
    payment_surcharge_service_charge: number;
    payment_surcharge_service_tax: number;
  } | null;
  bank_reference: string | null;
  error_details: null | { error_description: string };
}

export interface FakeRefund {
  cf_payment_id: string;
  cf_refund_id: string;
  order_id: string;
  refund_id: string;
  entity: "refund";
  refund_amount: number;
  refund_currency: "INR";
  refund_note: string | null;
  refund_status: string;
  status_description: string | null;
  created_at: string;
  processed_at: string | null;
  refund_type: "MERCHANT_INITIATED";
}

export interface FakeOrder {
  cf_order_id: string;
  order_id: string;
  entity: "order";
  order_amount: number;
  order_currency: string;
  order_status: string;
  payment_session_id: string;
  order_expiry_time: string;
  created_at: string;
  customer_details: unknown;
  order_meta: unknown;
  order_tags: null;
  payments: FakePayment[];
  refunds: FakeRefund[];
}

export interface FakeCashfree {
  baseUrl: string;
  orders: Map<string, FakeOrder>;
  requests: { method: string; path: string; headers: IncomingMessage["headers"] }[];
  /** Milliseconds every answer waits (a slow provider). */
  delayMs: number;
  /**
   * Take a payment: SUCCESS by default; amount (payment_amount, rupees) and currency default to
   * the order's; fees adds a payment_surcharge; nulls makes the nullable fields null.
   */
  pay(
    orderId: string,
    options?: {
      status?: string;
      amount?: number;
      currency?: string;
      fees?: number;
      nulls?: boolean;
      completedAt?: string;
    },
  ): FakePayment;
  /** A payment's status changes (FAILED or PENDING -> SUCCESS ...), as Cashfree's do. */
  setStatus(orderId: string, paymentId: string, status: string): FakePayment;
  expire(orderId: string): void;
  /** A refund's final state, as Cashfree would reach it later. */
  settleRefund(
    orderId: string,
    refundId: string,
    status: "SUCCESS" | "FAILED" | "CANCELLED",
  ): FakeRefund;
  /** The signed webhook Cashfree would send for a payment, as raw text and headers. */
  webhook(
    orderId: string,
    payment: FakePayment,
    options?: { timestamp?: number; secret?: string; deliveryId?: string; nullOrder?: boolean },
  ): { body: string; headers: Record<string, string> };
  /** A signed refund webhook (REFUND_STATUS_WEBHOOK) for a refund. */
  refundWebhook(
    orderId: string,
    refundId: string,
  ): { body: string; headers: Record<string, string> };
  /** Any signed event (settlement, dispute ...), body given as text. */
  signed(
    body: string,
    options?: { timestamp?: number },
  ): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
}

export const TYPES: Record<string, string> = {
  SUCCESS: "PAYMENT_SUCCESS_WEBHOOK",
  FAILED: "PAYMENT_FAILED_WEBHOOK",
  USER_DROPPED: "PAYMENT_USER_DROPPED_WEBHOOK",
};

export function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

export function publicOrder(order: FakeOrder) {
  const { payments: _payments, ...rest } = order;
  return rest;
}

export const invalid = (message: string, code = "request_invalid") => ({
  message,
  code,
  type: "invalid_request_error",
});

/** A JSON number with at most 2 decimals, as Cashfree's order_amount and refund_amount must be. */
export function twoDecimals(value: unknown): value is number {
  return (
    typeof value === "number" && Number.isFinite(value) && /^\d+(\.\d{1,2})?$/.test(String(value))
  );
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The first broken rule of a create-order body, or null. */
export function orderBodyError(body: Record<string, any>): ReturnType<typeof invalid> | null {
  const amount = body.order_amount;
  if (!twoDecimals(amount) || amount < 1)
    return invalid("order_amount : invalid value", "order_amount_invalid");
  if (body.order_currency !== "INR") return invalid("order_currency : invalid value");
  const c = body.customer_details ?? {};
  if (typeof c.customer_id !== "string" || !/^[A-Za-z0-9]{3,50}$/.test(c.customer_id))
    return invalid(
      "customer_details.customer_id : should be alphanumeric, 3-50 characters",
      "customer_details_invalid",
    );
  if (typeof c.customer_phone !== "string" || !/^\d{10}$/.test(c.customer_phone))
    return invalid("customer_details.customer_phone : invalid", "customer_details_invalid");
  for (const key of ["customer_name", "customer_email"])
    if (
      c[key] !== undefined &&
      (typeof c[key] !== "string" || c[key].length < 3 || c[key].length > 100)
    )
      return invalid(
        `customer_details.${key} : should be 3-100 characters`,
        "customer_details_invalid",
      );
  if (!/^[A-Za-z0-9_-]{3,45}$/.test(body.order_id ?? ""))
    return invalid("order_id : invalid", "order_id_invalid");
  return null;
}
