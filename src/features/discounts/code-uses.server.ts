/**
 * Counting a code's uses (docs/decisions/0174-code-uses-count-when-paid.md):
 *  - a use is a paid order's (`used_at` set); the owner's list and "used up" read paid uses only;
 *  - a hold is an unpaid order's, live while that order can still be paid: before its expiry, still
 *    pending, its payment still Pending. "Cancel payment", a failed payment or the expiry end it at
 *    once, whichever path writes the order, because liveness is read from the order itself;
 *  - a shopper's own live holds count against that shopper only;
 *  - the paid transition records a use even past a limit (the money arrived; the discount is
 *    honoured) and tells the owner: a mail and a line in the order's log.
 */
import { and, eq, ne, type SQL, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "~/server/db/client";
import { discountCodes, discountUses, orders } from "~/server/db/schema";
import { ownerAddress, sendMail } from "~/server/mail.server";
import { env } from "~/server/env";
import { logOrder } from "~/features/orders/order-log.server";
import { PAYMENT_STATUS } from "~/features/orders/order-rules";
import type { ShopperHolds } from "./discount-rules";

type CodeRow = typeof discountCodes.$inferSelect;

/** A hold that still stands at `now` (see the header). */
export function liveHold(now: Date): SQL {
  return sql`(${discountUses.usedAt} is null and ${discountUses.heldUntil} > ${now.toISOString()}::timestamptz and exists (select 1 from ${orders} where ${orders.id} = ${discountUses.orderId} and ${orders.status} = 'pending' and ${orders.paymentStatus} = ${PAYMENT_STATUS.pending}))`;
}

/** The code's row, locked for the rest of the caller's transaction with `lock`. */
export async function codeRow(tx: DbOrTx, code: string, lock: boolean): Promise<CodeRow | null> {
  const query = tx.select().from(discountCodes).where(eq(discountCodes.code, code));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

export interface CodeUses {
  /** Paid uses by anyone. */
  paid: number;
  /** Paid uses by this shopper. */
  shopperPaid: number;
  /** This shopper's live holds (null: none). */
  holds: ShopperHolds | null;
}

/**
 * The code's uses as `shopper` sees them at `now`, leaving out `except.orderId`'s own row, and the
 * holds of other orders of `except.quoteId` (a quote is paid once: its older attempt and this one
 * can never both be paid).
 */
export async function usesOf(
  tx: DbOrTx,
  codeId: string,
  shopper: string,
  now: Date,
  except?: { orderId: string; quoteId?: string | null },
): Promise<CodeUses> {
  const sameQuote = except?.quoteId
    ? sql` and not exists (select 1 from ${orders} where ${orders.id} = ${discountUses.orderId} and ${orders.quoteId} = ${except.quoteId})`
    : sql``;
  const mineHeld = sql`${discountUses.userId} = ${shopper} and ${liveHold(now)}${sameQuote}`;
  const [row] = await tx
    .select({
      paid: sql<number>`count(*) filter (where ${discountUses.usedAt} is not null)::int`,
      shopperPaid: sql<number>`count(*) filter (where ${discountUses.usedAt} is not null and ${discountUses.userId} = ${shopper})::int`,
      held: sql<number>`count(*) filter (where ${mineHeld})::int`,
      heldOrder: sql<
        string | null
      >`(array_agg(${discountUses.orderId} order by ${discountUses.heldUntil} desc) filter (where ${mineHeld}))[1]`,
      heldUntil: sql<
        Date | string | null
      >`max(${discountUses.heldUntil}) filter (where ${mineHeld})`,
    })
    .from(discountUses)
    .where(
      and(
        eq(discountUses.codeId, codeId),
        except ? ne(discountUses.orderId, except.orderId) : undefined,
      ),
    );
  const held = row?.held ?? 0;
  return {
    paid: row?.paid ?? 0,
    shopperPaid: row?.shopperPaid ?? 0,
    holds:
      held > 0 && row?.heldOrder && row.heldUntil
        ? { count: held, orderId: row.heldOrder, until: new Date(row.heldUntil) }
        : null,
  };
}

/** Which of the code's limits this paid use went past, in words ('' when none). */
export function limitsPassed(code: CodeRow, uses: CodeUses): string {
  const passed: string[] = [];
  if (code.totalUses !== null && uses.paid + 1 > code.totalUses)
    passed.push(`it allows ${code.totalUses} paid uses in all and this is use ${uses.paid + 1}`);
  if (code.usesPerShopper !== null && uses.shopperPaid + 1 > code.usesPerShopper)
    passed.push(
      `it allows ${code.usesPerShopper} per shopper and this is the shopper's use ${uses.shopperPaid + 1}`,
    );
  return passed.join("; ");
}

/** In the paid transition's transaction: the owner is told this payment went past the code's limits. */
export async function tellOwnerPastLimit(
  tx: Tx,
  orderId: string,
  code: string,
  passed: string,
  now: Date,
): Promise<void> {
  const what = `Discount code ${code} went past its limit on order ${orderId}: ${passed}.`;
  await logOrder(
    tx,
    orderId,
    "payment",
    `${what} The payment is recorded and the discount honoured.`,
    null,
    now,
  );
  await sendMail(tx, {
    to: ownerAddress(),
    subject: `Discount code ${code} went past its limit (order ${orderId})`,
    text: `${what}\n\nThe payment arrived, so it is recorded and the order keeps its discount. To stop further orders using the code, switch it off or lower its limits in Discount codes.\n\n${new URL(`/admin/order/${orderId}`, env().PUBLIC_SITE_URL).toString()}\n`,
  });
}
