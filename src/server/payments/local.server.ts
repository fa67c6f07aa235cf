/**
 * The local test provider (demo mode only): stands in for Cashfree so the whole checkout runs
 * offline. Its "hosted page" is /pay/local/{session}; what it takes is kept in `local_payments`
 * (its own ledger), and each outcome is announced with the same signed webhook Cashfree would send.
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { paiseToRupees } from "~/lib/money";
import type { Db } from "~/server/db/client";
import { localPayments, orders, refunds } from "~/server/db/schema";
import type {
  CreateProviderOrder,
  CreateProviderRefund,
  PaymentOutcome,
  PaymentProvider,
  ProviderOrder,
  ProviderOrderStatus,
  ProviderRefund,
  SignedWebhook,
} from "./provider";
import { ProviderError } from "./provider";
import { verifySignedWebhook, signWebhook } from "./signature.server";

export type LocalChoice = "pay" | "fail" | "cancel";

const STATUS_OF: Record<LocalChoice, "SUCCESS" | "FAILED" | "USER_DROPPED"> = {
  pay: "SUCCESS",
  fail: "FAILED",
  cancel: "USER_DROPPED",
};
const WEBHOOK_TYPE: Record<LocalChoice, string> = {
  pay: "PAYMENT_SUCCESS_WEBHOOK",
  fail: "PAYMENT_FAILED_WEBHOOK",
  cancel: "PAYMENT_USER_DROPPED_WEBHOOK",
};

export class LocalProvider implements PaymentProvider {
  readonly name = "local" as const;
  constructor(
    private readonly db: () => Promise<Db>,
    readonly secret: string,
  ) {}

  async createOrder(input: CreateProviderOrder): Promise<ProviderOrder> {
    return {
      providerOrderId: input.orderId,
      paymentSessionId: `local_${randomBytes(18).toString("base64url")}`,
      expiresAt: input.expiresAt,
    };
  }

  async getOrder(orderId: string): Promise<ProviderOrderStatus> {
    const db = await this.db();
    const [order] = await db
      .select({ expiresAt: orders.expiresAt })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (!order) throw new ProviderError("The local provider has no such order.", 404);
    const rows = await db
      .select()
      .from(localPayments)
      .where(eq(localPayments.orderId, orderId))
      .orderBy(asc(localPayments.createdAt));
    const payments = rows.map((row) => ({
      paymentId: row.id,
      status: row.status as PaymentOutcome,
      amountPaise: row.amountPaise,
      currency: row.currency,
      orderAmountPaise: row.amountPaise,
      orderCurrency: row.currency,
      feesPaise: 0,
      offers: null,
      paidAt: row.status === "SUCCESS" ? row.createdAt : null,
      upiId: row.upiId,
      raw: { ...row },
    }));
    const paid = payments.some((p) => p.status === "SUCCESS");
    const expired = !order.expiresAt || order.expiresAt.getTime() <= Date.now();
    return { status: paid ? "PAID" : expired ? "EXPIRED" : "ACTIVE", payments };
  }

  /**
   * A local refund is accepted PENDING and succeeds a moment later (LOCAL_REFUND_DELAY_MS, default
   * 3 s) when the re-check asks; a reason containing FAILED fails it, as Cashfree's sandbox does
   * with refund_note FAILED (docs/decisions/0057).
   */
  async createRefund(input: CreateProviderRefund): Promise<ProviderRefund> {
    return {
      refundId: input.refundId,
      providerRefundId: `local_rf_${input.refundId}`,
      status: "PENDING",
      amountPaise: input.amountPaise,
      processedAt: null,
      note: "Refund accepted by the local provider.",
      raw: { ...input },
    };
  }

  async getRefund(orderId: string, refundId: string): Promise<ProviderRefund> {
    const db = await this.db();
    const [row] = await db
      .select()
      .from(refunds)
      .where(and(eq(refunds.id, refundId), eq(refunds.orderId, orderId)));
    if (!row) throw new ProviderError("The local provider has no such refund.", 404);
    const delay = Number(process.env.LOCAL_REFUND_DELAY_MS ?? 3_000);
    const due = Date.now() - row.createdAt.getTime() >= delay;
    const status = row.reason.includes("FAILED") ? "FAILED" : due ? "SUCCESS" : "PENDING";
    return {
      refundId,
      providerRefundId: `local_rf_${refundId}`,
      status,
      amountPaise: row.amountPaise,
      processedAt: status === "PENDING" ? null : new Date(),
      note:
        status === "FAILED"
          ? "The local provider failed this refund on demand (FAILED in the reason)."
          : "",
      raw: { refundId, status },
    };
  }

  verifyWebhook(rawBody: string | Uint8Array, headers: Headers, now = Date.now()): SignedWebhook {
    return verifySignedWebhook(this.secret, rawBody, headers, now);
  }

  /** The order behind a payment session, while it can still be paid; null when unknown. */
  async sessionOrder(session: string) {
    const db = await this.db();
    const [order] = await db
      .select({
        id: orders.id,
        totalPaise: orders.totalPaise,
        kind: orders.kind,
        quoteId: orders.quoteId,
        expiresAt: orders.expiresAt,
        status: orders.status,
        provider: orders.provider,
        returnPath: orders.returnPath,
      })
      .from(orders)
      .where(eq(orders.paymentSessionId, session));
    return order && order.provider === "local" ? order : null;
  }

  /**
   * The shopper pressed a button on the stand-in page: the local ledger takes the attempt and the
   * answer is the signed webhook to deliver (body text and headers), exactly as Cashfree sends it.
   * One session takes one outcome that pays (docs/decisions/0058): under the order's row lock an
   * order no longer pending, or already paid in the ledger, takes nothing (null), and the unique
   * index on the ledger's SUCCESS rows backs that up.
   */
  async takeAttempt(orderId: string, amountPaise: number, choice: LocalChoice, now = new Date()) {
    const db = await this.db();
    const id = `local_pay_${randomBytes(12).toString("hex")}`;
    const status = STATUS_OF[choice];
    const upiId = choice === "pay" ? "demo@upi" : "";
    const taken = await db.transaction(async (tx) => {
      const [order] = await tx
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, orderId))
        .for("update");
      if (order?.status !== "pending") return false;
      const [paid] = await tx
        .select({ id: localPayments.id })
        .from(localPayments)
        .where(and(eq(localPayments.orderId, orderId), eq(localPayments.status, "SUCCESS")));
      if (paid) return false;
      const inserted = await tx
        .insert(localPayments)
        .values({ id, orderId, status, amountPaise, currency: "INR", upiId, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: localPayments.id });
      return inserted.length === 1;
    });
    if (!taken) return null;
    const body = JSON.stringify({
      data: {
        order: {
          order_id: orderId,
          order_amount: paiseToRupees(amountPaise),
          order_currency: "INR",
          order_tags: null,
        },
        payment: {
          cf_payment_id: id,
          payment_status: status,
          payment_amount: paiseToRupees(amountPaise),
          payment_currency: "INR",
          payment_time: now.toISOString(),
          payment_completion_time: now.toISOString(),
          payment_group: "upi",
          payment_method: { upi: { channel: "collect", upi_id: upiId } },
        },
        customer_details: {},
        payment_gateway_details: { gateway_name: "LOCAL" },
      },
      event_time: now.toISOString(),
      type: WEBHOOK_TYPE[choice],
    });
    const timestamp = String(now.getTime());
    const headers = {
      "content-type": "application/json",
      "x-webhook-signature": signWebhook(this.secret, timestamp, body),
      "x-webhook-timestamp": timestamp,
      "x-webhook-version": "2025-01-01",
      "x-webhook-attempt": "1",
      "x-idempotency-key": id,
    };
    return { body, headers };
  }
}
