/**
 * Whether a pending order of the shopper can still be paid, and how ("Pay now" on its page,
 * docs/decisions/0076-order-pages.md): the provider's payment session lives until the order's
 * expiry, so the same session is opened again (the local stand-in's page, or Cashfree's checkout).
 */
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "~/server/db/client";
import { orders } from "~/server/db/schema";
import { paymentConfig } from "~/server/payments/config.server";

export interface PayNow {
  provider: "local" | "cashfree";
  sessionId: string;
  mode: "sandbox" | "production";
}

export async function loadPayNow(
  db: DbOrTx,
  orderId: string,
  now = new Date(),
): Promise<PayNow | null> {
  const [row] = await db
    .select({
      provider: orders.provider,
      sessionId: orders.paymentSessionId,
      expiresAt: orders.expiresAt,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.status, "pending")));
  if (!row?.sessionId || !row.expiresAt || row.expiresAt.getTime() <= now.getTime()) return null;
  if (row.provider !== "local" && row.provider !== "cashfree") return null;
  return { provider: row.provider, sessionId: row.sessionId, mode: paymentConfig().mode };
}
