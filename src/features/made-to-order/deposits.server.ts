/**
 * Deposits for large pieces (docs/decisions/0124-deposits.md): a quote's advance/balance split,
 * the advance as the amount its link takes, the balance's payment link recorded and paid (dispatch
 * waits for it: dispatch-holds.server.ts). The quotes themselves are custom work's; custom
 * work calls these with the rows it holds (decision 0062).
 */
import { and, eq, isNotNull, isNull, lt } from "drizzle-orm";
import type { DbOrTx, Tx } from "~/server/db/client";
import { quoteDeposits } from "~/server/db/schema";
import { HttpError } from "~/server/http";
import { type DepositAsk, depositSplit, type OrderDepositJson } from "./deposits";

export type { OrderDepositJson };

export type DepositRow = typeof quoteDeposits.$inferSelect;

export function depositJson(row: DepositRow): OrderDepositJson {
  return {
    advance: row.advancePaise,
    balance: row.balancePaise,
    balanceLinkSent: row.balanceQuoteId !== null,
    balancePaidAt: row.balancePaidAt?.toISOString() ?? null,
  };
}

export async function loadQuoteDeposit(db: DbOrTx, quoteId: string): Promise<DepositRow | null> {
  const [row] = await db.select().from(quoteDeposits).where(eq(quoteDeposits.quoteId, quoteId));
  return row ?? null;
}

/** Sets (or, with null, removes) a draft quote's deposit; 400 with the reason for a bad ask. */
export async function setQuoteDeposit(
  tx: Tx,
  quoteId: string,
  pricePaise: number,
  ask: DepositAsk | null,
): Promise<DepositRow | null> {
  await tx.delete(quoteDeposits).where(eq(quoteDeposits.quoteId, quoteId));
  if (!ask) return null;
  const split = depositSplit(pricePaise, ask);
  if (!split.ok) throw new HttpError(400, split.reason);
  const [row] = await tx
    .insert(quoteDeposits)
    .values({
      quoteId,
      advancePaise: split.split.advancePaise,
      balancePaise: split.split.balancePaise,
    })
    .returning();
  return row!;
}

/**
 * What the provider order of an order asks for (decision 0212): its total, except a deposit's
 * order, stored at the piece's price, whose provider order takes the advance only (the total less
 * the balance, so a discount code comes off the advance). The balance is its own payment link.
 */
export async function amountAsked(
  db: DbOrTx,
  order: { kind: string; quoteId: string | null; totalPaise: number },
): Promise<number> {
  if (order.kind !== "custom" || !order.quoteId) return order.totalPaise;
  const deposit = await loadQuoteDeposit(db, order.quoteId);
  return deposit ? order.totalPaise - deposit.balancePaise : order.totalPaise;
}

/** The balance's payment link was made (custom work's payment quote for the order). */
export async function recordBalanceLink(
  tx: Tx,
  quoteId: string,
  balanceQuoteId: string,
): Promise<void> {
  await tx.update(quoteDeposits).set({ balanceQuoteId }).where(eq(quoteDeposits.quoteId, quoteId));
}

/** At a payment quote's payment: true (and recorded) when it was a balance, false otherwise. */
export async function markBalancePaid(tx: Tx, paymentQuoteId: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(quoteDeposits)
    .set({ balancePaidAt: now })
    .where(eq(quoteDeposits.balanceQuoteId, paymentQuoteId))
    .returning();
  return rows.length > 0;
}

/**
 * What a paid quote is to its deposit, for the books (decision 0124): the advance (the quote that
 * asked for one), the balance (the payment quote sent for it), or neither (null).
 */
export async function depositRole(
  db: DbOrTx,
  quoteId: string,
): Promise<{ role: "advance" | "balance"; deposit: DepositRow } | null> {
  const advance = await loadQuoteDeposit(db, quoteId);
  if (advance) return { role: "advance", deposit: advance };
  const [balance] = await db
    .select()
    .from(quoteDeposits)
    .where(eq(quoteDeposits.balanceQuoteId, quoteId));
  return balance ? { role: "balance", deposit: balance } : null;
}

/** Reminders for an unpaid balance, at most this many (docs/decisions/0124-deposits.md). */
export const BALANCE_REMINDER_DAYS = [3, 7] as const;

/** Deposits whose balance link is out, unpaid, and not yet reminded twice. */
export async function unpaidBalances(db: DbOrTx): Promise<DepositRow[]> {
  return db
    .select()
    .from(quoteDeposits)
    .where(
      and(
        isNotNull(quoteDeposits.balanceQuoteId),
        isNull(quoteDeposits.balancePaidAt),
        lt(quoteDeposits.balanceReminders, BALANCE_REMINDER_DAYS.length),
      ),
    );
}

/** The deposit locked for the rest of the transaction, or null. */
export async function lockDeposit(tx: Tx, quoteId: string): Promise<DepositRow | null> {
  const [row] = await tx
    .select()
    .from(quoteDeposits)
    .where(eq(quoteDeposits.quoteId, quoteId))
    .for("update");
  return row ?? null;
}

/** One more reminder mailed for this deposit's balance. */
export async function countBalanceReminder(tx: Tx, row: DepositRow): Promise<void> {
  await tx
    .update(quoteDeposits)
    .set({ balanceReminders: row.balanceReminders + 1 })
    .where(eq(quoteDeposits.quoteId, row.quoteId));
}
