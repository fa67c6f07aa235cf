/**
 * A discount code at checkout and on a quote's pay page, on the server (docs/decisions/0095,
 * 0174-code-uses-count-when-paid.md, 0175-no-order-below-one-rupee.md):
 *  - priceCode: checks and prices a code for the lines being paid against its paid uses (and, for
 *    the check call, the shopper's own holds); with `lock` (create-order) the code's row is locked
 *    for the rest of the caller's transaction;
 *  - holdCodeUse: the order just stored holds one use while it can be paid; the shopper's own live
 *    holds count against them (one shopper cannot hold a one-use code on three orders);
 *  - countCodeUse: the paid transition turns the hold into a use, telling the owner when it goes
 *    past a limit.
 * An unpaid order never uses a code up for anyone else: another shopper's hold blocks no one.
 */
import { and, eq } from "drizzle-orm";
import type { DbOrTx, Tx } from "~/server/db/client";
import { discountCodes, discountUses } from "~/server/db/schema";
import { HttpError } from "~/server/http";
import { categoryIdsOf } from "~/features/catalogue/product-category.server";
import { codeRow, limitsPassed, tellOwnerPastLimit, usesOf } from "./code-uses.server";
import {
  DISCOUNT_REFUSALS,
  limitRefusal,
  normaliseCode,
  priceDiscount,
  type DiscountCodeRule,
} from "./discount-rules";

type CodeRow = typeof discountCodes.$inferSelect;

export const ruleOf = (row: CodeRow): DiscountCodeRule => ({
  code: row.code,
  kind: row.kind,
  percentBasisPoints: row.percentBasisPoints,
  amountPaise: row.amountPaise,
  minOrderPaise: row.minOrderPaise,
  capPaise: row.capPaise,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  totalUses: row.totalUses,
  usesPerShopper: row.usesPerShopper,
  productIds: row.productIds,
  categoryIds: row.categoryIds,
  active: row.active,
  forQuotes: row.forQuotes,
});

/** A line being paid: a catalogue product, or a custom piece (no product). */
export interface PayingLine {
  productId: string | null;
  quantity: number;
  pricePaise: number;
}

export interface PricedCode {
  code: string;
  discountPaise: number;
  lineDiscounts: number[];
}

/**
 * The code's discount on these lines, or a 400 whose message is the one-sentence reason. `lock`:
 * inside create-order's transaction, hold the code's row until it commits.
 */
export async function priceCode(
  tx: DbOrTx,
  input: {
    code: string;
    userId: string;
    lines: readonly PayingLine[];
    paying: "cart" | "quote";
    now: Date;
    lock: boolean;
  },
): Promise<PricedCode> {
  const code = normaliseCode(input.code);
  const row = await codeRow(tx, code, input.lock);
  if (!row) throw new HttpError(400, DISCOUNT_REFUSALS.unknown(code));
  const uses = await usesOf(tx, row.id, input.userId, input.now);
  const productIds = input.lines.flatMap((line) => (line.productId ? [line.productId] : []));
  const categories = await categoryIdsOf(tx, productIds);
  const result = priceDiscount(ruleOf(row), {
    lines: input.lines.map((line) => ({
      ...line,
      categoryId: line.productId ? (categories.get(line.productId) ?? null) : null,
    })),
    now: input.now,
    usesSoFar: uses.paid,
    shopperUses: uses.shopperPaid,
    // create-order (`lock`) checks the shopper's holds in holdCodeUse, once it knows whether this
    // attempt found its own earlier order (whose hold must not refuse it); so does a quote, whose
    // own earlier attempts never count (it is paid once).
    shopperHolds: input.lock || input.paying === "quote" ? null : uses.holds,
    paying: input.paying,
  });
  if (!result.ok) throw new HttpError(400, result.reason);
  return {
    code: row.code,
    discountPaise: result.discountPaise,
    lineDiscounts: result.lineDiscounts,
  };
}

/** The stored order's fields a use needs. */
export interface OrderForUse {
  id: string;
  /** A quote's order: its other attempts' holds never refuse it (the quote is paid once). */
  quoteId?: string | null;
  userId: string;
  /** A quote paid without an account: the payer's email (their uses are counted by it). */
  claimEmail: string;
  couponCode: string;
  couponDiscountPaise: number;
  totalPaise: number;
  expiresAt: Date | null;
}

/**
 * Whose use it is: the account, or for a quote paid without one, the payer's email (all such
 * orders share one placeholder account).
 */
export function shopperKeyOf(order: { userId: string; claimEmail: string }): string {
  return order.claimEmail ? `guest:${order.claimEmail.toLowerCase()}` : order.userId;
}

/**
 * After create-order stored (or found) `order` in `tx`, under the code's row lock: a new order holds
 * one use until it expires, unless the shopper's own live holds would then pass a limit (a 400
 * naming the order that holds it; the transaction, order included, is undone). An order found again
 * keeps its hold.
 */
export async function holdCodeUse(tx: Tx, order: OrderForUse, now: Date): Promise<void> {
  if (!order.couponCode) return;
  const code = await codeRow(tx, order.couponCode, true);
  if (!code) return;
  const shopper = shopperKeyOf(order);
  const heldUntil = order.expiresAt ?? new Date(now.getTime() + 30 * 60_000);
  const [own] = await tx
    .select({ usedAt: discountUses.usedAt })
    .from(discountUses)
    .where(eq(discountUses.orderId, order.id));
  if (!own) {
    const uses = await usesOf(tx, code.id, shopper, now, {
      orderId: order.id,
      quoteId: order.quoteId,
    });
    const refusal = limitRefusal(code, {
      paid: uses.paid,
      shopperPaid: uses.shopperPaid,
      holds: uses.holds,
    });
    if (refusal) throw new HttpError(400, refusal);
  }
  await tx
    .insert(discountUses)
    .values({
      orderId: order.id,
      codeId: code.id,
      userId: shopper,
      discountPaise: order.couponDiscountPaise,
      orderTotalPaise: order.totalPaise,
      heldUntil,
    })
    .onConflictDoUpdate({ target: discountUses.orderId, set: { heldUntil } });
}

/**
 * In the paid transition's transaction, under the code's row lock: the order's code is used once,
 * for good. A use past a limit is still recorded (the money arrived, the discount is honoured) and
 * the owner is told (decision 0174).
 */
export async function countCodeUse(tx: Tx, order: OrderForUse, now: Date): Promise<void> {
  if (!order.couponCode) return;
  const code = await codeRow(tx, order.couponCode, true);
  if (!code) return;
  const shopper = shopperKeyOf(order);
  const [own] = await tx
    .select({ usedAt: discountUses.usedAt })
    .from(discountUses)
    .where(eq(discountUses.orderId, order.id));
  if (own?.usedAt) return;
  const passed = limitsPassed(code, await usesOf(tx, code.id, shopper, now, { orderId: order.id }));
  await tx
    .insert(discountUses)
    .values({
      orderId: order.id,
      codeId: code.id,
      userId: shopper,
      discountPaise: order.couponDiscountPaise,
      orderTotalPaise: order.totalPaise,
      heldUntil: now,
      usedAt: now,
    })
    .onConflictDoUpdate({ target: discountUses.orderId, set: { usedAt: now } });
  if (passed) await tellOwnerPastLimit(tx, order.id, code.code, passed, now);
}

/** Whether a quote's pay page shows the code field: some active code is allowed on quotes. */
export async function anyCodeForQuotes(db: DbOrTx): Promise<boolean> {
  const rows = await db
    .select({ id: discountCodes.id })
    .from(discountCodes)
    .where(and(eq(discountCodes.forQuotes, true), eq(discountCodes.active, true)))
    .limit(1);
  return rows.length > 0;
}
