/**
 * The review-request mail (docs/decisions/0100-reviews.md): REVIEW_REQUEST_DAYS after an order was
 * delivered (5 by default; 0 sends none), its shopper gets one mail with a link to the order's
 * review form. Once per order (the review_requests row is taken in the mail's transaction, so two
 * app servers never both send it); never for an order whose items are all reviewed already, nor
 * for an erased account. Orders delivered more than 30 days before the window are not asked about.
 */
import { inArray } from "drizzle-orm";
import type { Db } from "~/server/db/client";
import { reviewRequests } from "~/server/db/schema";
import { env } from "~/server/env";
import { sendMail } from "~/server/mail.server";
import { shopIdentity } from "~/server/shop-identity.server";
import { deliveredOrdersBefore } from "~/features/orders/delivered-lines.server";
import { reviewableLines } from "./reviews.server";
import { DAY_MS } from "~/lib/dates";

const LOOK_BACK_DAYS = 30;

/** Sends the mails due at `now`; answers how many were sent. */
export async function sendDueReviewRequests(db: Db, now = new Date()): Promise<number> {
  const days = env().REVIEW_REQUEST_DAYS;
  if (days === 0) return 0;
  const due = await deliveredOrdersBefore(
    db,
    new Date(now.getTime() - days * DAY_MS),
    new Date(now.getTime() - (days + LOOK_BACK_DAYS) * DAY_MS),
  );
  if (due.length === 0) return 0;
  const asked = await db
    .select({ orderId: reviewRequests.orderId })
    .from(reviewRequests)
    .where(
      inArray(
        reviewRequests.orderId,
        due.map((d) => d.orderId),
      ),
    );
  const done = new Set(asked.map((a) => a.orderId));
  const shop = await shopIdentity(db);
  let sent = 0;
  for (const order of due) {
    if (done.has(order.orderId) || !order.email) continue;
    const lines = (await reviewableLines(db, order.userId, order.orderId)).filter(
      (l) => !l.reviewed,
    );
    const link = `${shop.siteUrl.replace(/\/$/, "")}/my-orders/${encodeURIComponent(order.orderId)}#review`;
    sent += await db.transaction(async (tx) => {
      const taken = await tx
        .insert(reviewRequests)
        .values({ orderId: order.orderId, sentAt: now })
        .onConflictDoNothing()
        .returning({ orderId: reviewRequests.orderId });
      if (taken.length === 0 || lines.length === 0) return 0;
      await sendMail(tx, {
        to: order.email,
        subject: `How is your ${shop.name} order?`,
        text: [
          `Hello ${order.firstName || "there"},`,
          "",
          `Your order ${order.orderId} was delivered a few days ago. We would love to hear what you think of:`,
          ...lines.map((l) => `- ${l.productName}`),
          "",
          `Write a review (1 to 5 stars, a few words, up to three photos): ${link}`,
          "",
          "Reviews show with your first name and your city's first letter, once we have checked them.",
          `Thank you for shopping with ${shop.name}.`,
        ].join("\n"),
      });
      return 1;
    });
  }
  return sent;
}
