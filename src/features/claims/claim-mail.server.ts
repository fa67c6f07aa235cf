/**
 * Mails of damage claims, written to the outbox in the transaction that records the event
 * (docs/decisions/0015, 0247-damage-claims.md): the owner hears of a new claim, the shopper that it
 * arrived, and the shopper of the owner's decision. `tellShopperOfDecision` is the ONE place the
 * shopper is told of a decision: a further channel (WhatsApp, where the shopper agreed) is added
 * there, beside the mail.
 */
import type { DbOrTx } from "~/server/db/client";
import type { damageClaims } from "~/server/db/schema";
import { env } from "~/server/env";
import { shopIdentity } from "~/server/shop-identity.server";
import { ownerAddress, sendMail } from "~/server/mail.server";
import { indiaDateTime } from "~/lib/dates";
import { formatInr } from "~/lib/money";
import type { StoredOrder } from "~/features/orders/store-order.server";
import { enqueueWhatsapp } from "~/features/whatsapp/enqueue.server";

type Claim = typeof damageClaims.$inferSelect;
type OrderFace = Pick<StoredOrder, "id" | "number" | "shippingName" | "claimEmail">;

const link = (path: string) => new URL(path, env().PUBLIC_SITE_URL).toString();
const shopperEmail = (order: OrderFace) => order.shippingName.email || order.claimEmail;
const hello = (order: OrderFace) => `Hello ${order.shippingName.firstName || "there"},`;

/** A new claim: the owner is asked to decide; the shopper hears it arrived. */
export async function mailClaimOpened(db: DbOrTx, order: OrderFace, claim: Claim): Promise<void> {
  const shop = (await shopIdentity(db)).name;
  await sendMail(db, {
    to: ownerAddress(),
    subject: `Damage reported on order #${order.number}${claim.goodwill ? " (goodwill)" : ""}`,
    text: `A damage claim was ${claim.goodwill ? "opened as goodwill" : "reported"} on order #${order.number}, delivered ${indiaDateTime(claim.deliveredAt)}.\n\n${claim.description}\n\nDecide it under Claims: ${link("/admin/claims")}\n`,
    replyTo: shopperEmail(order) || undefined,
  });
  const to = shopperEmail(order);
  if (!to) return;
  await sendMail(db, {
    to,
    subject: `${shop}: we received your damage report for order #${order.number}`,
    text: `${hello(order)}\n\nWe received your damage report for order #${order.number}. We will look at your photos and video and write to you with what we will do.\n\n${shop}\n`,
  });
}

function decisionText(claim: Claim, replacementNumber: number | null): string {
  if (claim.status === "replaced")
    return `We are making a replacement for you at no cost${replacementNumber ? ` (order #${replacementNumber})` : ""}. You will hear from us again when it ships.`;
  if (claim.status === "refunded")
    return `We are refunding ${formatInr(claim.refundPaise)} to the account you paid from. Banks usually show it within 5-7 working days.`;
  return `We are sorry, we cannot accept this claim: ${claim.declineReason}`;
}

/** The decision in a few words, for the WhatsApp template's {{3}}. */
function decisionWords(claim: Claim, replacementNumber: number | null): string {
  if (claim.status === "replaced")
    return `a free replacement${replacementNumber ? ` (order #${replacementNumber})` : ""}`;
  if (claim.status === "refunded") return `a refund of ${formatInr(claim.refundPaise)}`;
  return `declined: ${claim.declineReason}`;
}

/**
 * THE call site that tells the shopper of the owner's decision, in the deciding transaction: the
 * mail, and a WhatsApp message where the shopper agreed to them (docs/decisions/0237).
 */
export async function tellShopperOfDecision(
  db: DbOrTx,
  order: OrderFace,
  claim: Claim,
  replacementNumber: number | null,
): Promise<void> {
  const to = shopperEmail(order);
  if (!to) return;
  const shop = (await shopIdentity(db)).name;
  await sendMail(db, {
    to,
    subject: `${shop}: your damage report for order #${order.number}`,
    text: `${hello(order)}\n\n${decisionText(claim, replacementNumber)}\n\nYour order: ${link(`/my-orders/${order.id}`)}\n\n${shop}\n`,
  });
  await enqueueWhatsapp(db, {
    event: "claim-decided",
    email: to,
    params: [
      order.shippingName.firstName || "there",
      `#${order.number}`,
      decisionWords(claim, replacementNumber),
      link(`/my-orders/${order.id}`),
    ],
  });
}
