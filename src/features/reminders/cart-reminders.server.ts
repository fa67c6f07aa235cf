/**
 * The forgotten-cart reminder (docs/decisions/0097-forgotten-cart-reminder.md), run by the
 * background jobs: a signed-in shopper who agreed to reminders and whose cart (an unpaid order
 * keeps its lines in the cart, and placing it touches the cart) has not changed for 24 hours gets
 * ONE mail listing it, with a link back and an unsubscribe link. Never a second for the same cart
 * (a row per cart change, unique), never when the shopper paid for an order since (or in the day
 * before) the cart's last change, never without consent, never for a cart idle more than 7 days
 * (a shop turning the job on does not mail its whole history). Through the outbox, in the
 * transaction that records the send, so several app servers send it once.
 *
 * Reads the cart, users and orders tables in one statement (a join across features, for a job
 * that scans): the rows it mails are then read through the cart's own loader.
 */
import { sql } from "drizzle-orm";
import type { Db } from "~/server/db/client";
import { rawRows } from "~/server/db/raw-rows";
import { cartReminders } from "~/server/db/schema";
import { env } from "~/server/env";
import { shopIdentity } from "~/server/shop-identity.server";
import { sendMail } from "~/server/mail.server";
import { formatInr } from "~/lib/money";
import { readCart } from "~/features/cart/cart.server";

export const REMINDER_AFTER_MS = 24 * 3_600_000;
const OLDEST_MS = 7 * 24 * 3_600_000;

interface DueCart {
  user_id: string;
  cart_id: string;
  changed_at: string | Date;
  email: string;
  first_name: string;
  token: string;
}

async function dueCarts(db: Db, now: Date, limit: number): Promise<DueCart[]> {
  const before = new Date(now.getTime() - REMINDER_AFTER_MS).toISOString();
  const after = new Date(now.getTime() - OLDEST_MS).toISOString();
  return rawRows<DueCart>(
    db,
    sql`
    select c.user_id, c.id as cart_id, c.updated_at as changed_at, u.email, u.first_name,
           rc.unsubscribe_token as token
    from carts c
    join reminder_consents rc on rc.user_id = c.user_id and rc.consented
    join users u on u.id = c.user_id
    where c.updated_at <= ${before}::timestamptz and c.updated_at > ${after}::timestamptz
      and u.email <> ''
      and exists (select 1 from cart_items ci where ci.cart_id = c.id)
      and not exists (select 1 from cart_reminders r
                      where r.user_id = c.user_id and r.cart_changed_at = c.updated_at)
      and not exists (select 1 from orders o where o.user_id = c.user_id and o.paid_at is not null
                      and o.paid_at > c.updated_at - interval '24 hours')
    order by c.updated_at
    limit ${limit}`,
  );
}

function link(path: string): string {
  return new URL(path, env().PUBLIC_SITE_URL).toString();
}

/** Sends the due reminders (at most `limit` per run); answers how many were sent. */
export async function sendDueCartReminders(db: Db, now = new Date(), limit = 50): Promise<number> {
  let sent = 0;
  for (const due of await dueCarts(db, now, limit)) {
    const mailed = await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(cartReminders)
        .values({ userId: due.user_id, cartChangedAt: new Date(due.changed_at), sentAt: now })
        .onConflictDoNothing()
        .returning({ userId: cartReminders.userId });
      if (claimed.length === 0) return false;
      const cart = await readCart(tx, due.cart_id);
      if (cart.items.length === 0) return false;
      const shop = (await shopIdentity(tx)).name;
      const lines = cart.items.map(
        (item) =>
          `- ${item.product.name} x ${item.quantity}: ${formatInr(item.price * item.quantity)}`,
      );
      await sendMail(tx, {
        to: due.email,
        subject: `${shop}: your cart is waiting`,
        text: [
          `Hello ${due.first_name || "there"},`,
          "",
          "You left these in your cart:",
          ...lines,
          "",
          `Pick up where you left off: ${link("/checkout")}`,
          "",
          "We send this once, because you asked for reminders.",
          `Stop reminder mails (no sign-in needed): ${link(`/unsubscribe/${due.token}`)}`,
        ].join("\n"),
      });
      return true;
    });
    if (mailed) sent++;
  }
  return sent;
}
