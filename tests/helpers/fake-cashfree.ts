/**
 * A local fake of Cashfree's PG API (../shared/CASHFREE.md, version 2025-01-01) for integration
 * tests: POST /orders, GET /orders/{id}, GET /orders/{id}/payments, with the documented headers and
 * error shapes, plus controls to pay, fail, drop or expire an order, delay answers (timeouts) and
 * build signed webhooks. Port: FAKE_CASHFREE_PORT (default: any free port).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { signWebhook } from "../../src/server/payments/signature.server";

export const FAKE_ID = "fake-client-id";
export const FAKE_SECRET = "fake-client-secret";

interface FakePayment {
  cf_payment_id: string;
  order_id: string;
  payment_status: string;
  payment_amount: number;
  payment_currency: string;
  payment_group: "upi";
  payment_method: { upi: { channel: string; upi_id: string } };
  payment_time: string;
  bank_reference: string;
  error_details: null | { error_description: string };
}

interface FakeOrder {
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
}

export interface FakeCashfree {
  baseUrl: string;
  orders: Map<string, FakeOrder>;
  requests: { method: string; path: string; headers: IncomingMessage["headers"] }[];
  /** Milliseconds every answer waits (a slow provider). */
  delayMs: number;
  /** Take a payment: SUCCESS by default; amount (rupees) and currency default to the order's. */
  pay(
    orderId: string,
    options?: { status?: string; amount?: number; currency?: string },
  ): FakePayment;
  expire(orderId: string): void;
  /** The signed webhook Cashfree would send for a payment, as raw text and headers. */
  webhook(
    orderId: string,
    payment: FakePayment,
    options?: { timestamp?: number; secret?: string },
  ): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  SUCCESS: "PAYMENT_SUCCESS_WEBHOOK",
  FAILED: "PAYMENT_FAILED_WEBHOOK",
  USER_DROPPED: "PAYMENT_USER_DROPPED_WEBHOOK",
};

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

function publicOrder(order: FakeOrder) {
  const { payments: _payments, ...rest } = order;
  return rest;
}

export async function startFakeCashfree(): Promise<FakeCashfree> {
  let seq = 0;
  const fake = {
    orders: new Map<string, FakeOrder>(),
    requests: [] as FakeCashfree["requests"],
    delayMs: 0,
  } as FakeCashfree;

  const server = createServer(async (req, res) => {
    let text = "";
    for await (const chunk of req) text += chunk;
    const url = new URL(req.url ?? "/", "http://fake");
    fake.requests.push({ method: req.method ?? "", path: url.pathname, headers: req.headers });
    if (fake.delayMs) await new Promise((r) => setTimeout(r, fake.delayMs));
    // A caller that gave up (timeout) does not stop the work, as with the real API.
    if (req.headers["x-client-id"] !== FAKE_ID || req.headers["x-client-secret"] !== FAKE_SECRET) {
      return send(res, 401, {
        message: "authentication Failed",
        code: "request_failed",
        type: "authentication_error",
      });
    }
    if (req.headers["x-api-version"] !== "2025-01-01")
      return send(res, 400, {
        message: "x-api-version missing",
        code: "request_invalid",
        type: "invalid_request_error",
      });
    const parts = url.pathname.split("/").filter(Boolean); // ["pg", "orders", id?, "payments"?]
    if (parts[0] !== "pg" || parts[1] !== "orders")
      return send(res, 404, {
        message: "not found",
        code: "not_found",
        type: "invalid_request_error",
      });
    if (req.method === "POST" && parts.length === 2) {
      const body = JSON.parse(text) as Record<string, any>;
      const amount = body.order_amount;
      if (
        typeof amount !== "number" ||
        amount < 1 ||
        Math.round(amount * 100) !== amount * 100 ||
        body.order_currency !== "INR"
      ) {
        return send(res, 400, {
          message: "order_amount : invalid value",
          code: "order_amount_invalid",
          type: "invalid_request_error",
        });
      }
      const phone = body.customer_details?.customer_phone;
      if (typeof phone !== "string" || !/^\d{10}$/.test(phone)) {
        return send(res, 400, {
          message: "customer_details.customer_phone : invalid",
          code: "customer_details_invalid",
          type: "invalid_request_error",
        });
      }
      if (!/^[A-Za-z0-9_-]{3,45}$/.test(body.order_id ?? ""))
        return send(res, 400, {
          message: "order_id : invalid",
          code: "order_id_invalid",
          type: "invalid_request_error",
        });
      if (fake.orders.has(body.order_id))
        return send(res, 409, {
          message: "order with same id is already present",
          code: "order_already_exists",
          type: "invalid_request_error",
        });
      const order: FakeOrder = {
        cf_order_id: String(2000000 + ++seq),
        order_id: body.order_id,
        entity: "order",
        order_amount: amount,
        order_currency: "INR",
        order_status: "ACTIVE",
        payment_session_id: `session_fake_${seq}`,
        order_expiry_time: body.order_expiry_time,
        created_at: new Date().toISOString(),
        customer_details: body.customer_details,
        order_meta: body.order_meta,
        order_tags: null,
        payments: [],
      };
      fake.orders.set(order.order_id, order);
      return send(res, 200, publicOrder(order));
    }
    const order = fake.orders.get(decodeURIComponent(parts[2] ?? ""));
    if (!order)
      return send(res, 404, {
        message: "order not found",
        code: "order_not_found",
        type: "invalid_request_error",
      });
    if (req.method === "GET" && parts.length === 3) return send(res, 200, publicOrder(order));
    if (req.method === "GET" && parts[3] === "payments") return send(res, 200, order.payments);
    return send(res, 404, {
      message: "not found",
      code: "not_found",
      type: "invalid_request_error",
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(Number(process.env.FAKE_CASHFREE_PORT ?? 0), "127.0.0.1", resolve),
  );
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/pg`;

  fake.pay = (orderId, options = {}) => {
    const order = fake.orders.get(orderId);
    if (!order) throw new Error(`fake: no order ${orderId}`);
    const status = options.status ?? "SUCCESS";
    const payment: FakePayment = {
      cf_payment_id: String(5000000 + ++seq),
      order_id: orderId,
      payment_status: status,
      payment_amount: options.amount ?? order.order_amount,
      payment_currency: options.currency ?? "INR",
      payment_group: "upi",
      payment_method: { upi: { channel: "collect", upi_id: "asha@okbank" } },
      payment_time: new Date().toISOString(),
      bank_reference: `ref${seq}`,
      error_details: status === "SUCCESS" ? null : { error_description: "declined" },
    };
    order.payments.push(payment);
    if (status === "SUCCESS") order.order_status = "PAID";
    return payment;
  };
  fake.expire = (orderId) => {
    const order = fake.orders.get(orderId);
    if (order && order.order_status === "ACTIVE") order.order_status = "EXPIRED";
  };
  fake.webhook = (orderId, payment, options = {}) => {
    const order = fake.orders.get(orderId)!;
    // Amounts written with two decimals, as Cashfree does: a re-serialised body would differ.
    const body =
      `{"data":{"order":{"order_id":${JSON.stringify(orderId)},"order_amount":${order.order_amount.toFixed(2)},"order_currency":"INR","order_tags":null},` +
      `"payment":{"cf_payment_id":${JSON.stringify(payment.cf_payment_id)},"payment_status":${JSON.stringify(payment.payment_status)},` +
      `"payment_amount":${payment.payment_amount.toFixed(2)},"payment_currency":${JSON.stringify(payment.payment_currency)},` +
      `"payment_time":${JSON.stringify(payment.payment_time)},"payment_group":"upi","payment_method":{"upi":{"channel":"collect","upi_id":"asha@okbank"}}},` +
      `"customer_details":{},"payment_gateway_details":{"gateway_name":"CASHFREE"}},"event_time":${JSON.stringify(new Date().toISOString())},"type":${JSON.stringify(TYPES[payment.payment_status] ?? "PAYMENT_FAILED_WEBHOOK")}}`;
    const timestamp = String(options.timestamp ?? Date.now());
    return {
      body,
      headers: {
        "content-type": "application/json",
        "x-webhook-signature": signWebhook(options.secret ?? FAKE_SECRET, timestamp, body),
        "x-webhook-timestamp": timestamp,
        "x-webhook-version": "2025-01-01",
        "x-webhook-attempt": "1",
      },
    };
  };
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  server.unref();
  return fake;
}
