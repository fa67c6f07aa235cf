/**
 * Refunds on the wire (docs/decisions/0057): the owner's body and the answers of
 * /v2/admin/order/{id}/refunds. Money uses the existing wire key `amount` (rupees on the wire,
 * paise inside, src/lib/wire-money.ts); totals are objects with an `amount` so no new key is needed.
 */
import { z } from "zod/mini";
import { trimInvisible } from "~/lib/text";

/** In zod/mini, as every schema the browser shares (docs/decisions/0010). */
export const refundBody = z.object({
  /** Paise inside (readJson converted the rupees); absent: everything still refundable. */
  amount: z.optional(
    z
      .number({ error: "amount must be an amount in rupees, such as 499 or 499.50" })
      .check(z.int(), z.positive({ error: "amount must be more than 0" })),
  ),
  reason: z
    .string({ error: "reason is required: say why the money goes back" })
    .check(
      z.overwrite(trimInvisible),
      z.minLength(3, { error: "reason must be at least 3 characters" }),
      z.maxLength(100, { error: "reason must be at most 100 characters" }),
    ),
  /** Cancel the order in the same step (a paid order the shop cannot fulfil). */
  cancel: z.optional(z.boolean({ error: "cancel must be true or false" })),
  /** Ready-made pieces back on the shelf (decision 0218); absent: yes for a cancel before dispatch. */
  restock: z.optional(z.boolean({ error: "restock must be true or false" })),
});
export type RefundBody = z.infer<typeof refundBody>;

export interface RefundJson {
  id: string;
  amount: number;
  reason: string;
  status: "PENDING" | "SUCCESS" | "FAILED" | "CANCELLED";
  requestedBy: string;
  statusNote: string;
  createdAt: string;
  processedAt: string | null;
}

export interface RefundsAnswer {
  refunds: RefundJson[];
  paid: { amount: number };
  refunded: { amount: number };
  pending: { amount: number };
  refundable: { amount: number };
}

/** What the shopper sees of a refund on /my-orders/{id}. */
export const REFUND_STATUS_TEXT: Record<RefundJson["status"], string> = {
  PENDING: "Refund in progress",
  SUCCESS: "Refunded",
  FAILED: "Refund failed",
  CANCELLED: "Refund cancelled",
};

/** GET /v2/admin/order/{id}/payments (checkout/payment-record.api.ts). */
export interface PaymentRecordJson {
  id: string;
  status: string;
  outcome: string;
  /** What the payment took (paise inside, rupees on the wire). */
  amount: number;
  currency: string;
  /** The order's amount as the provider reported it with this payment (null: not said). */
  order: { amount: number } | null;
  fees: { amount: number };
  offers: unknown;
  upiId: string;
  completedAt: string | null;
  history: { status: string; at: string; source: string }[];
}

export interface PaymentRecordsAnswer {
  payments: PaymentRecordJson[];
  log: { id: string; at: string; kind: string; message: string }[];
}
