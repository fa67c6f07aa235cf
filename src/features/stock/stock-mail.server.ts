/**
 * The mails of a payment for a piece sold meanwhile (docs/decisions/0217-late-payment-after-sale.md),
 * written to the outbox in the transaction that records the payment, so they exist exactly once.
 */
import { eq } from "drizzle-orm";
import type { Tx } from "~/server/db/client";
import { orderItems, type orders } from "~/server/db/schema";
import { env } from "~/server/env";
import { ownerAddress, sendMail } from "~/server/mail.server";
import { shopIdentity } from "~/server/shop-identity.server";
import { formatInr } from "~/lib/money";

type OrderRow = typeof orders.$inferSelect;

const link = (path: string) => new URL(path, env().PUBLIC_SITE_URL).toString();

export async function mailSoldOutPayment(tx: Tx, order: OrderRow): Promise<void> {
  const items = await tx
    .select({ name: orderItems.productName })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id));
  const names = items.map((i) => i.name).join(", ");
  const amount = formatInr(order.totalPaise);
  const shop = (await shopIdentity(tx)).name;
  if (order.shippingName.email)
    await sendMail(tx, {
      to: order.shippingName.email,
      subject: `${shop}: your payment for order ${order.id} is being refunded`,
      text: `Hello ${order.shippingName.firstName || "there"},\n\nYour payment of ${amount} for order ${order.id} (${names}) reached us after the time we could keep the piece for you, and it had been sold to someone else by then. We are sorry. We are refunding the whole ${amount} to the account you paid from; banks usually show it within 5-7 working days, and we will mail you when it is done.\n\nIf you would like one like it, reply to this mail or ask us from the product's page.\n\nYour order: ${link(`/my-orders/${order.id}`)}\n`,
    });
  await sendMail(tx, {
    to: ownerAddress(),
    subject: `Paid after the piece sold: order ${order.id} is being refunded`,
    text: `A payment of ${amount} arrived for order ${order.id} (${names}) after its hold had lapsed, and the piece had been sold meanwhile. The order is cancelled and the shop is refunding the payment in full on its own; the shopper has been told. You will be mailed if the refund fails.\n\n${link(`/admin/order/${order.id}`)}\n`,
  });
}
