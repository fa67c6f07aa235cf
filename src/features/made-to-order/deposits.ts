/**
 * Deposits for large pieces (docs/decisions/0124-deposits.md), without I/O: how a quote's price
 * splits into the advance paid through the quote link and the balance asked for when the piece is
 * ready. Amounts are integer paise; the advance is rounded to whole rupees so both links show
 * plain amounts, and the two always add up to the price.
 */
export type DepositAsk =
  | { kind: "percent"; percent: number }
  | { kind: "amount"; amountPaise: number };

export interface DepositSplit {
  advancePaise: number;
  balancePaise: number;
}

/** A deposit asks for 10% to 90% of the price, or an amount that leaves both parts at least ₹1. */
export const DEPOSIT_RULES = { minPercent: 10, maxPercent: 90, minPartPaise: 100 } as const;

/** The split, or the sentence that says why this ask cannot split this price. */
export function depositSplit(
  pricePaise: number,
  ask: DepositAsk,
): { ok: true; split: DepositSplit } | { ok: false; reason: string } {
  if (!Number.isInteger(pricePaise) || pricePaise < 2 * DEPOSIT_RULES.minPartPaise)
    return { ok: false, reason: "A deposit needs a price of at least ₹2." };
  let advance: number;
  if (ask.kind === "percent") {
    if (
      !Number.isInteger(ask.percent) ||
      ask.percent < DEPOSIT_RULES.minPercent ||
      ask.percent > DEPOSIT_RULES.maxPercent
    )
      return {
        ok: false,
        reason: `The advance is a whole percentage from ${DEPOSIT_RULES.minPercent} to ${DEPOSIT_RULES.maxPercent}.`,
      };
    advance = Math.round((pricePaise * ask.percent) / 100 / 100) * 100;
  } else {
    if (!Number.isInteger(ask.amountPaise))
      return { ok: false, reason: "The advance must be an amount in rupees and paise." };
    advance = ask.amountPaise;
  }
  advance = Math.min(
    Math.max(advance, DEPOSIT_RULES.minPartPaise),
    pricePaise - DEPOSIT_RULES.minPartPaise,
  );
  if (ask.kind === "amount" && advance !== ask.amountPaise)
    return {
      ok: false,
      reason: "The advance must be at least ₹1 and leave at least ₹1 of the price for the balance.",
    };
  return { ok: true, split: { advancePaise: advance, balancePaise: pricePaise - advance } };
}

/** What the customer's pages and the order screen show. */
export interface OrderDepositJson {
  advance: number;
  balance: number;
  balanceLinkSent: boolean;
  /** ISO, null while unpaid. */
  balancePaidAt: string | null;
}
