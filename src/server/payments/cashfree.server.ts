/**
 * The Cashfree adapter: plain fetch against the REST API of ../shared/CASHFREE.md (2025-01-01).
 * Paise become Cashfree's decimal rupees here and nowhere else (src/lib/money.ts).
 */
import { z } from "zod";
import { paiseToRupees } from "~/lib/money";
import { cashfreeCustomer, idempotencyUuid } from "./cashfree-customer";
import {
  cfAmountToPaise,
  cfOrder,
  cfRefund,
  toOrderStatus,
  toPayments,
  toRefund,
} from "./cashfree-shapes";
import type {
  CreateProviderOrder,
  CreateProviderRefund,
  PaymentProvider,
  ProviderOrder,
  ProviderOrderStatus,
  ProviderRefund,
  SignedWebhook,
} from "./provider";
import { ProviderError } from "./provider";
import { verifySignedWebhook } from "./signature.server";

export interface CashfreeOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Per-call timeout (default 10 s): a slow provider is an error, never a hung request. */
  timeoutMs?: number;
}

export class CashfreeProvider implements PaymentProvider {
  readonly name = "cashfree" as const;
  constructor(private readonly options: CashfreeOptions) {}

  private async call<T>(
    method: "GET" | "POST",
    path: string,
    schema: z.ZodType<T>,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<T> {
    const headers: Record<string, string> = {
      "x-client-id": this.options.clientId,
      "x-client-secret": this.options.clientSecret,
      "x-api-version": "2025-01-01",
      "content-type": "application/json",
      accept: "application/json",
    };
    if (idempotencyKey) headers["x-idempotency-key"] = idempotencyUuid(idempotencyKey);
    const send = () =>
      fetch(`${this.options.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    let response: Response;
    try {
      try {
        response = await send();
      } catch (first) {
        // A kept-alive connection the other side had closed fails before anything was sent: one
        // more try on a fresh one. Safe: GETs, and POSTs carry their idempotency key.
        if (!(first instanceof TypeError)) throw first;
        response = await send();
      }
    } catch (cause) {
      const timedOut =
        cause instanceof Error && (cause.name === "TimeoutError" || cause.name === "AbortError");
      throw new ProviderError(
        timedOut
          ? "Cashfree did not answer in time."
          : `Cashfree could not be reached: ${String(cause)}`,
      );
    }
    const text = await response.text();
    let data: unknown;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      throw new ProviderError(
        `Cashfree answered ${response.status} with a body that is not JSON.`,
        response.status,
      );
    }
    if (!response.ok) {
      const error = (data ?? {}) as { message?: string; code?: string };
      throw new ProviderError(
        `Cashfree ${response.status}: ${error.message ?? "error"}`,
        response.status,
        error.code,
      );
    }
    const parsed = schema.safeParse(data);
    if (!parsed.success)
      throw new ProviderError(
        `Cashfree answered an unexpected shape: ${parsed.error.message}`,
        response.status,
      );
    return parsed.data;
  }

  async createOrder(input: CreateProviderOrder): Promise<ProviderOrder> {
    const body = {
      order_id: input.orderId,
      order_amount: paiseToRupees(input.amountPaise),
      order_currency: input.currency,
      customer_details: cashfreeCustomer(input.customer),
      order_meta: {
        return_url: input.returnUrl,
        payment_methods: "upi",
        ...(input.notifyUrl ? { notify_url: input.notifyUrl } : {}),
      },
      order_expiry_time: input.expiresAt.toISOString(),
    };
    let order: z.infer<typeof cfOrder>;
    try {
      order = await this.call("POST", "/orders", cfOrder, body, input.idempotencyKey);
    } catch (error) {
      // A retry after a timeout whose first call did create the order: Cashfree never updates an
      // order in place, so take the existing one when it is for the same amount.
      if (!(error instanceof ProviderError) || error.code !== "order_already_exists") throw error;
      order = await this.call("GET", `/orders/${encodeURIComponent(input.orderId)}`, cfOrder);
      if (cfAmountToPaise(order.order_amount) !== input.amountPaise) throw error;
    }
    if (!order.payment_session_id)
      throw new ProviderError("Cashfree created the order without a payment session.");
    const expiry = order.order_expiry_time ? new Date(order.order_expiry_time) : input.expiresAt;
    return {
      providerOrderId: order.cf_order_id ?? order.order_id ?? input.orderId,
      paymentSessionId: order.payment_session_id,
      expiresAt: Number.isNaN(expiry.getTime()) ? input.expiresAt : expiry,
    };
  }

  async getOrder(orderId: string): Promise<ProviderOrderStatus> {
    const id = encodeURIComponent(orderId);
    const order = await this.call("GET", `/orders/${id}`, cfOrder);
    const list = await this.call("GET", `/orders/${id}/payments`, z.unknown());
    // Paid is decided on the order's amount and currency as Cashfree reports them for the order.
    const amount = { amount: order.order_amount, currency: order.order_currency };
    return toOrderStatus(order.order_status, toPayments(list, amount));
  }

  /** POST /orders/{order_id}/refunds; the refund_id is the shop's, so a retry names the same refund. */
  async createRefund(input: CreateProviderRefund): Promise<ProviderRefund> {
    const body = {
      refund_amount: paiseToRupees(input.amountPaise),
      refund_id: input.refundId,
      refund_note: input.note,
      refund_speed: "STANDARD",
    };
    const path = `/orders/${encodeURIComponent(input.orderId)}/refunds`;
    const refund = await this.call("POST", path, cfRefund, body, `refund:${input.refundId}`);
    return toRefund(refund, input.refundId);
  }

  /** GET /orders/{order_id}/refunds/{refund_id} */
  async getRefund(orderId: string, refundId: string): Promise<ProviderRefund> {
    const path = `/orders/${encodeURIComponent(orderId)}/refunds/${encodeURIComponent(refundId)}`;
    return toRefund(await this.call("GET", path, cfRefund), refundId);
  }

  verifyWebhook(rawBody: string | Uint8Array, headers: Headers, now = Date.now()): SignedWebhook {
    return verifySignedWebhook(this.options.clientSecret, rawBody, headers, now);
  }
}
