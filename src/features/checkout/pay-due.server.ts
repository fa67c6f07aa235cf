/**
 * "Pay now" for what is due on a placed order (decision 0214): its shipping charge or its
 * deposit's balance, whose link the shop mailed. The shop keeps only a link's hash, so the page
 * cannot show the link; instead POST /v2/orders/{id}/pay-due opens the payment of the due link
 * itself, through the same machinery as the link (quote-pay.server.ts payLink), and answers what
 * POST /create-order answers. The mailed link keeps working. Who may: the order's signed-in buyer,
 * or whoever holds the order's quote link (a guest); anyone else gets a 404.
 */
import { z } from "zod/mini";
import type { Db } from "~/server/db/client";
import { HttpError } from "~/server/http";
import type { PaymentProvider } from "~/server/payments/provider";
import { findByToken } from "~/features/custom/quote-payment.server";
import { idempotencyKey } from "~/lib/fields";
import { dueLinks } from "~/features/orders/order-payments.server";
import { loadOrderRow } from "~/features/orders/order-records.server";
import { loadOrder } from "~/features/orders/orders.server";
import type { CreatedOrder } from "./create-order.server";
import { payLink } from "./quote-pay.server";

export const payDueBody = z.object({
  /** The order's quote link token: a guest's proof that the order is theirs. */
  token: z.optional(z.string().check(z.maxLength(100))),
  /** Which due payment, when both are out; the newest otherwise. */
  what: z.optional(z.enum(["balance", "shipping"])),
  idempotency_key: z.optional(idempotencyKey),
});
export type PayDueBody = z.infer<typeof payDueBody>;

export type PayDueCaller = { uid: string; email: string; emailVerified: boolean } | null;

/** Whether the caller may pay for this order: its buyer, or the holder of its quote's link. */
async function mayPay(db: Db, orderId: string, body: PayDueBody, caller: PayDueCaller) {
  if (body.token) {
    const found = await findByToken(db, body.token);
    const paid = [found?.quote, found?.current].filter((q) => q?.kind === "quote");
    return paid.some((q) => q?.paidOrderId === orderId);
  }
  if (!caller) return false;
  const email = caller.emailVerified ? caller.email : null;
  return (await loadOrder(db, orderId, caller.uid, email)) !== null;
}

export async function payDue(
  db: Db,
  orderId: string,
  body: PayDueBody,
  caller: PayDueCaller,
  provider: PaymentProvider,
  siteUrl: string,
  now = new Date(),
): Promise<CreatedOrder> {
  if (!(await mayPay(db, orderId, body, caller))) throw new HttpError(404, "Order not found");
  const due = (await dueLinks(db, orderId, now)).find((d) => !body.what || d.what === body.what);
  if (!due) throw new HttpError(409, "Nothing is due on this order now: reload the page.");
  const order = await loadOrderRow(db, orderId);
  if (!order) throw new HttpError(404, "Order not found");
  const who = order.shippingName;
  // The link is billed to the order's own details (decision 0207); these satisfy the schema only.
  return payLink(
    db,
    due.link,
    {
      customer_name: `${who.firstName} ${who.lastName}`.trim() || "Customer",
      customer_email: who.email,
      customer_phone: who.phone,
      idempotency_key: body.idempotency_key,
    },
    body.token ? null : caller,
    provider,
    siteUrl,
    now,
  );
}
