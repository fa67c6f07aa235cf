/**
 * A discount code at checkout and on a quote's pay page, on the server (docs/decisions/0095,
 * 0096-discount-uses-and-the-last-use.md):
 *  - priceCode: checks and prices a code for the lines being paid; with `lock` (create-order) the
 *    code's row is locked for the rest of the caller's transaction, so two checkouts racing for
 *    the last use queue on it and the second sees the first's hold;
 *  - holdCodeUse: the order just stored holds one use while it can be paid (its expiry); the
 *    shopper's older unpaid holds of the same code are let go (their new attempt replaces them);
 *  - countCodeUse: the paid transition turns the hold into a use (or records one, for a late payment
 *    whose hold had lapsed).
 * An unpaid order never uses a code up: a hold ends with its order's expiry.
 */
import { and, eq, gt, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../server/db/client";
import { discountCodes, discountUses } from "../../server/db/schema";
import { HttpError } from "../../server/http";
import { categoryIdsOf } from "../catalogue/product-category.server";
import {
  DISCOUNT_REFUSALS,
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

/** Uses that count against the code now: paid ones, and live holds of other shoppers' orders. */
async function usesOf(tx: DbOrTx, codeId: string, userId: string, now: Date) {
  const counted = or(
    isNotNull(discountUses.usedAt),
    and(gt(discountUses.heldUntil, now), ne(discountUses.userId, userId)),
  );
  const [row] = await tx
    .select({
      all: sql<number>`count(*)::int`,
      mine: sql<number>`count(*) filter (where ${discountUses.userId} = ${userId} and ${discountUses.usedAt} is not null)::int`,
    })
    .from(discountUses)
    .where(and(eq(discountUses.codeId, codeId), counted));
  return { all: row?.all ?? 0, mine: row?.mine ?? 0 };
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
  const query = tx.select().from(discountCodes).where(eq(discountCodes.code, code));
  const [row] = input.lock ? await query.for("update") : await query;
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
    usesSoFar: uses.all,
    shopperUses: uses.mine,
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

/** After create-order stored (or found) `order` in `tx`: it holds one use until it expires. */
export async function holdCodeUse(tx: Tx, order: OrderForUse, now: Date): Promise<void> {
  if (!order.couponCode) return;
  const [code] = await tx
    .select({ id: discountCodes.id })
    .from(discountCodes)
    .where(eq(discountCodes.code, order.couponCode));
  if (!code) return;
  // The shopper's earlier unpaid attempts with this code give their holds back.
  await tx
    .delete(discountUses)
    .where(
      and(
        eq(discountUses.codeId, code.id),
        eq(discountUses.userId, shopperKeyOf(order)),
        isNull(discountUses.usedAt),
        ne(discountUses.orderId, order.id),
      ),
    );
  const heldUntil = order.expiresAt ?? new Date(now.getTime() + 30 * 60_000);
  await tx
    .insert(discountUses)
    .values({
      orderId: order.id,
      codeId: code.id,
      userId: shopperKeyOf(order),
      discountPaise: order.couponDiscountPaise,
      orderTotalPaise: order.totalPaise,
      heldUntil,
    })
    .onConflictDoUpdate({ target: discountUses.orderId, set: { heldUntil } });
}

/** In the paid transition's transaction: the order's code is used once, for good. */
export async function countCodeUse(tx: Tx, order: OrderForUse, now: Date): Promise<void> {
  if (!order.couponCode) return;
  const [code] = await tx
    .select({ id: discountCodes.id })
    .from(discountCodes)
    .where(eq(discountCodes.code, order.couponCode));
  if (!code) return;
  await tx
    .insert(discountUses)
    .values({
      orderId: order.id,
      codeId: code.id,
      userId: shopperKeyOf(order),
      discountPaise: order.couponDiscountPaise,
      orderTotalPaise: order.totalPaise,
      heldUntil: now,
      usedAt: now,
    })
    .onConflictDoUpdate({
      target: discountUses.orderId,
      set: { usedAt: sql`coalesce(${discountUses.usedAt}, ${now.toISOString()}::timestamptz)` },
    });
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
