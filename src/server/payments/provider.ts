/**
 * The one server-side payment provider interface (docs/decisions/0014). Everything above it speaks
 * the shop's own types (paise, Date, the shop's status words); each adapter reshapes its provider's
 * fields at this boundary.
 */
export type ProviderName = "local" | "cashfree";

export interface CreateProviderOrder {
  orderId: string;
  amountPaise: number;
  currency: "INR";
  customer: { id: string; name: string; email: string; phone: string };
  returnUrl: string;
  notifyUrl?: string;
  expiresAt: Date;
  idempotencyKey: string;
}

export interface ProviderOrder {
  providerOrderId: string;
  paymentSessionId: string;
  expiresAt: Date;
}

/** A payment attempt: SUCCESS is money taken; the others never mark anything paid. */
export type PaymentOutcome = "SUCCESS" | "FAILED" | "USER_DROPPED" | "PENDING" | "OTHER";

export interface ProviderPayment {
  paymentId: string;
  status: PaymentOutcome;
  /** What the payment took (may differ from the order's amount: fees, offers). NaN when unknown. */
  amountPaise: number;
  currency: string;
  /**
   * The order's amount and currency as the provider reports them for this payment's order; paid
   * is decided on these (docs/decisions/0055). null when the provider did not say.
   */
  orderAmountPaise: number | null;
  orderCurrency: string | null;
  /** Service charge + tax the customer paid on top, paise (0 when none). */
  feesPaise: number;
  /** Offers applied, as reported (null when none). */
  offers: unknown;
  /** When the payment reached its final state (completion time; else its start; null unknown). */
  paidAt: Date | null;
  upiId: string;
  raw: unknown;
}

export type RefundStatus = "PENDING" | "SUCCESS" | "FAILED" | "CANCELLED";

/** A refund as the provider reports it. */
export interface ProviderRefund {
  /** The shop's refund id (sent as refund_id). */
  refundId: string;
  providerRefundId: string;
  status: RefundStatus;
  amountPaise: number;
  processedAt: Date | null;
  note: string;
  raw: unknown;
}

export interface CreateProviderRefund {
  orderId: string;
  refundId: string;
  amountPaise: number;
  note: string;
}

export interface ProviderOrderStatus {
  /** ACTIVE (payable), PAID, EXPIRED, or TERMINATED. */
  status: "ACTIVE" | "PAID" | "EXPIRED" | "TERMINATED";
  payments: ProviderPayment[];
}

/**
 * A verified webhook, reshaped. `eventId` identifies the delivery for replays (the provider's
 * idempotency header, else a hash of the body); `body` is what is recorded.
 */
export type WebhookEvent = { eventId: string; type: string; body: unknown } & (
  | { kind: "payment"; orderId: string; payment: ProviderPayment }
  | { kind: "refund"; orderId: string; refund: ProviderRefund }
  | { kind: "other"; orderId: string | null }
);

/**
 * A webhook whose signature and age were checked: its delivery id first (a replay is answered from
 * it alone), the event reshaped only when asked (docs/decisions/0275-payment-webhook-one-read-one-write.md).
 */
export interface SignedWebhook {
  eventId: string;
  event: () => WebhookEvent;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  createOrder(input: CreateProviderOrder): Promise<ProviderOrder>;
  getOrder(orderId: string): Promise<ProviderOrderStatus>;
  createRefund(input: CreateProviderRefund): Promise<ProviderRefund>;
  getRefund(orderId: string, refundId: string): Promise<ProviderRefund>;
  /** Verifies the signature over the raw body (throws WebhookRejected); reshapes on demand. */
  verifyWebhook(rawBody: string | Uint8Array, headers: Headers, now?: number): SignedWebhook;
}

/** The provider could not be reached or refused the call (a 502 to the shopper). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

export class WebhookRejected extends Error {}
