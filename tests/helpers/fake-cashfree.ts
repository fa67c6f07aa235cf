/**
 * A local fake of Cashfree's PG API (OpenAPI 2025-01-01 in cashfree/cashfree-pg, docs/cashfree.md)
 * for integration tests: POST /orders, GET /orders/{id}, GET /orders/{id}/payments,
 * POST /orders/{id}/refunds and GET /orders/{id}/refunds/{refund_id}, with the documented headers,
 * constraints and error shapes: order_amount >= 1 with at most 2 decimals (19.99 is valid),
 * customer_id required and alphanumeric (3-50), customer_name and customer_email 3-100 when sent,
 * customer_phone 10 digits, order_id 3-45 of [A-Za-z0-9_-], x-idempotency-key a UUID, a refund never
 * above the payment. Controls make the cases of docs/decisions/0055-0057 happen on demand: pay,
 * fail or drop (any payment_amount), null fields, change a payment's status, expire, refunds that
 * succeed or fail, slow answers; and signed webhooks, signed by the fake's OWN implementation of
 * Cashfree's algorithm (checked against a known vector in tests/payments-cases.test.ts), never the
 * shop's. Port: FAKE_CASHFREE_PORT (default: any free port). The records, the signer and the
 * order body's checks: ./fake-cashfree-shapes.ts.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import {
  FAKE_ID,
  FAKE_SECRET,
  type FakeCashfree,
  type FakeOrder,
  type FakePayment,
  type FakeRefund,
  fakeSign,
  invalid,
  orderBodyError,
  publicOrder,
  send,
  twoDecimals,
  TYPES,
  UUID,
} from "./fake-cashfree-shapes";

export { FAKE_ID, FAKE_SECRET, type FakeCashfree, fakeSign } from "./fake-cashfree-shapes";

export async function startFakeCashfree(): Promise<FakeCashfree> {
  let seq = 0;
  const fake = {
    orders: new Map<string, FakeOrder>(),
    requests: [] as FakeCashfree["requests"],
    delayMs: 0,
  } as FakeCashfree;
  const idempotent = new Map<string, string>();

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
      return send(res, 400, invalid("x-api-version missing"));
    const key = req.headers["x-idempotency-key"];
    if (key !== undefined && !UUID.test(String(key)))
      return send(res, 400, invalid("x-idempotency-key : should be a UUID"));
    if (key !== undefined && req.method === "POST") {
      const earlier = idempotent.get(String(key));
      if (earlier !== undefined && earlier !== text)
        return send(res, 422, {
          message: "idempotency key reused",
          code: "idempotency_error",
          type: "idempotency_error",
        });
      idempotent.set(String(key), text);
    }
    const parts = url.pathname.split("/").filter(Boolean); // ["pg", "orders", id?, "payments" | "refunds"?, refund?]
    if (parts[0] !== "pg" || parts[1] !== "orders")
      return send(res, 404, {
        message: "not found",
        code: "not_found",
        type: "invalid_request_error",
      });
    if (req.method === "POST" && parts.length === 2) {
      const body = JSON.parse(text) as Record<string, any>;
      const error = orderBodyError(body);
      if (error) return send(res, 400, error);
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
        order_amount: body.order_amount,
        order_currency: "INR",
        order_status: "ACTIVE",
        payment_session_id: `session_fake_${seq}`,
        order_expiry_time: body.order_expiry_time,
        created_at: new Date().toISOString(),
        customer_details: body.customer_details,
        order_meta: body.order_meta,
        order_tags: null,
        payments: [],
        refunds: [],
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
    if (parts[3] === "refunds" && req.method === "POST" && parts.length === 4) {
      const body = JSON.parse(text) as Record<string, any>;
      const paid = order.payments.find((p) => p.payment_status === "SUCCESS");
      if (!paid)
        return send(res, 400, invalid("refund can only be made on a paid order", "refund_invalid"));
      if (typeof body.refund_id !== "string" || !/^[A-Za-z0-9_-]{3,40}$/.test(body.refund_id))
        return send(res, 400, invalid("refund_id : invalid", "refund_id_invalid"));
      if (order.refunds.some((r) => r.refund_id === body.refund_id))
        return send(res, 409, {
          message: "refund with same id exists",
          code: "refund_already_exists",
          type: "invalid_request_error",
        });
      if (
        body.refund_note !== undefined &&
        (String(body.refund_note).length < 3 || String(body.refund_note).length > 100)
      )
        return send(res, 400, invalid("refund_note : should be 3-100 characters"));
      const taken = order.refunds
        .filter((r) => r.refund_status !== "FAILED" && r.refund_status !== "CANCELLED")
        .reduce((sum, r) => sum + Math.round(r.refund_amount * 100), 0);
      if (
        !twoDecimals(body.refund_amount) ||
        body.refund_amount <= 0 ||
        Math.round(body.refund_amount * 100) + taken > Math.round(paid.payment_amount * 100)
      )
        return send(
          res,
          400,
          invalid(
            "refund_amount : should be less than or equal to the transaction amount",
            "refund_amount_invalid",
          ),
        );
      const refund: FakeRefund = {
        cf_payment_id: paid.cf_payment_id,
        cf_refund_id: String(7000000 + ++seq),
        order_id: order.order_id,
        refund_id: body.refund_id,
        entity: "refund",
        refund_amount: body.refund_amount,
        refund_currency: "INR",
        refund_note: body.refund_note ?? null,
        refund_status: "PENDING",
        status_description: "In Progress",
        created_at: new Date().toISOString(),
        processed_at: null,
        refund_type: "MERCHANT_INITIATED",
      };
      order.refunds.push(refund);
      return send(res, 200, refund);
    }
    if (parts[3] === "refunds" && req.method === "GET" && parts[4]) {
      const refund = order.refunds.find((r) => r.refund_id === decodeURIComponent(parts[4]!));
      return refund
        ? send(res, 200, refund)
        : send(res, 404, {
            message: "refund not found",
            code: "refund_not_found",
            type: "invalid_request_error",
          });
    }
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

  const find = (orderId: string) => {
    const order = fake.orders.get(orderId);
    if (!order) throw new Error(`fake: no order ${orderId}`);
    return order;
  };
  const signedHeaders = (body: string, timestamp: number, secret: string, deliveryId?: string) => {
    const ts = String(timestamp);
    return {
      "content-type": "application/json",
      "x-webhook-signature": fakeSign(secret, ts, body),
      "x-webhook-timestamp": ts,
      "x-webhook-version": "2025-01-01",
      "x-webhook-attempt": "1",
      ...(deliveryId ? { "x-idempotency-key": deliveryId } : {}),
    };
  };

  fake.pay = (orderId, options = {}) => {
    const order = find(orderId);
    const status = options.status ?? "SUCCESS";
    const now = new Date().toISOString();
    const nulls = options.nulls === true;
    const payment: FakePayment = {
      cf_payment_id: String(5000000 + ++seq),
      order_id: orderId,
      payment_status: status,
      payment_amount: options.amount ?? order.order_amount,
      payment_currency: options.currency ?? "INR",
      order_amount: order.order_amount,
      order_currency: order.order_currency,
      payment_group: nulls ? null : "upi",
      payment_method: nulls ? null : { upi: { channel: "collect", upi_id: "asha@okbank" } },
      payment_time: nulls ? null : new Date(Date.now() - 60_000).toISOString(),
      payment_completion_time: nulls || status === "PENDING" ? null : (options.completedAt ?? now),
      payment_surcharge: options.fees
        ? { payment_surcharge_service_charge: options.fees, payment_surcharge_service_tax: 0 }
        : null,
      bank_reference: nulls ? null : `ref${seq}`,
      error_details: status === "SUCCESS" || nulls ? null : { error_description: "declined" },
    };
    order.payments.push(payment);
    if (status === "SUCCESS") order.order_status = "PAID";
    return payment;
  };
  fake.setStatus = (orderId, paymentId, status) => {
    const order = find(orderId);
    const payment = order.payments.find((p) => p.cf_payment_id === paymentId);
    if (!payment) throw new Error(`fake: no payment ${paymentId}`);
    payment.payment_status = status;
    payment.payment_completion_time = new Date().toISOString();
    payment.error_details = status === "SUCCESS" ? null : { error_description: "declined" };
    if (status === "SUCCESS") order.order_status = "PAID";
    return payment;
  };
  fake.expire = (orderId) => {
    const order = fake.orders.get(orderId);
    if (order && order.order_status === "ACTIVE") order.order_status = "EXPIRED";
  };
  fake.settleRefund = (orderId, refundId, status) => {
    const refund = find(orderId).refunds.find((r) => r.refund_id === refundId);
    if (!refund) throw new Error(`fake: no refund ${refundId}`);
    refund.refund_status = status;
    refund.status_description =
      status === "SUCCESS" ? "Refund processed successfully" : "Refund failed at the bank";
    refund.processed_at = new Date().toISOString();
    return refund;
  };
  fake.webhook = (orderId, payment, options = {}) => {
    const order = find(orderId);
    const orderPart = options.nullOrder
      ? `{"order_id":${JSON.stringify(orderId)},"order_amount":null,"order_currency":null,"order_tags":null}`
      : `{"order_id":${JSON.stringify(orderId)},"order_amount":${order.order_amount.toFixed(2)},"order_currency":"INR","order_tags":null}`;
    // Amounts with two decimals, as Cashfree writes them; payment_surcharge under data (OpenAPI).
    const body =
      `{"data":{"order":${orderPart},` +
      `"payment":{"cf_payment_id":${JSON.stringify(payment.cf_payment_id)},"payment_status":${JSON.stringify(payment.payment_status)},` +
      `"payment_amount":${payment.payment_amount.toFixed(2)},"payment_currency":${JSON.stringify(payment.payment_currency)},` +
      `"payment_time":${JSON.stringify(payment.payment_time)},"payment_completion_time":${JSON.stringify(payment.payment_completion_time)},` +
      `"payment_group":${JSON.stringify(payment.payment_group)},"payment_method":${JSON.stringify(payment.payment_method)}},` +
      `"payment_surcharge":${JSON.stringify(payment.payment_surcharge)},"customer_details":{},"payment_gateway_details":{"gateway_name":"CASHFREE"},"payment_offers":null},"event_time":${JSON.stringify(new Date().toISOString())},"type":${JSON.stringify(TYPES[payment.payment_status] ?? "PAYMENT_FAILED_WEBHOOK")}}`;
    return {
      body,
      headers: signedHeaders(
        body,
        options.timestamp ?? Date.now(),
        options.secret ?? FAKE_SECRET,
        options.deliveryId,
      ),
    };
  };
  fake.refundWebhook = (orderId, refundId) => {
    const refund = find(orderId).refunds.find((r) => r.refund_id === refundId);
    if (!refund) throw new Error(`fake: no refund ${refundId}`);
    const body = `{"data":{"refund":${JSON.stringify({ ...refund, refund_amount: undefined }).replace(/^\{/, `{"refund_amount":${refund.refund_amount.toFixed(2)},`)}},"event_time":${JSON.stringify(new Date().toISOString())},"type":"REFUND_STATUS_WEBHOOK"}`;
    return { body, headers: signedHeaders(body, Date.now(), FAKE_SECRET) };
  };
  fake.signed = (body, options = {}) => ({
    body,
    headers: signedHeaders(body, options.timestamp ?? Date.now(), FAKE_SECRET),
  });
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  server.unref();
  return fake;
}
