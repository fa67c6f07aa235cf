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
  amountPaise: number;
  currency: string;
  paidAt: Date | null;
  upiId: string;
  raw: unknown;
}

export interface ProviderOrderStatus {
  /** ACTIVE (payable), PAID, EXPIRED, or TERMINATED. */
  status: "ACTIVE" | "PAID" | "EXPIRED" | "TERMINATED";
  payments: ProviderPayment[];
}

/** A verified webhook, reshaped. */
export interface WebhookEvent {
  orderId: string;
  payment: ProviderPayment;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  createOrder(input: CreateProviderOrder): Promise<ProviderOrder>;
  getOrder(orderId: string): Promise<ProviderOrderStatus>;
  /** Verifies the signature over the raw body and reshapes the event; throws WebhookRejected. */
  parseWebhook(rawBody: string, headers: Headers, now?: number): WebhookEvent;
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
