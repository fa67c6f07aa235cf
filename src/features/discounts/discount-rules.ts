/**
 * Discount code arithmetic and its refusals, without I/O (docs/decisions/0095-discount-codes.md).
 * Browser-safe: the portal's form preview and the server's pricing share it; only the server's
 * answer is ever stored. Amounts are integer paise.
 */
import { indiaDateTime } from "../../lib/dates";
import { formatInr } from "../../lib/money";

export interface DiscountCodeRule {
  code: string;
  kind: "percent" | "fixed";
  /** Hundredths of a percent: 1050 = 10.5 %. */
  percentBasisPoints: number;
  amountPaise: number;
  minOrderPaise: number;
  capPaise: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  totalUses: number | null;
  usesPerShopper: number | null;
  productIds: readonly string[];
  categoryIds: readonly string[];
  active: boolean;
  forQuotes: boolean;
}

/** A line as the code sees it: custom pieces have no product and no category. */
export interface DiscountLine {
  productId: string | null;
  categoryId: string | null;
  quantity: number;
  pricePaise: number;
}

export interface DiscountContext {
  lines: readonly DiscountLine[];
  now: Date;
  /** Uses held or paid by anyone (the code's row locked by the caller). */
  usesSoFar: number;
  /** Uses held or paid by this shopper. */
  shopperUses: number;
  /** What is being paid: a cart, or a quote (which takes only codes allowed on quotes). */
  paying: "cart" | "quote";
}

export type DiscountResult =
  | {
      ok: true;
      code: string;
      discountPaise: number;
      lineDiscounts: number[];
      subtotalPaise: number;
    }
  | { ok: false; reason: string };

/** The one-sentence refusals (docs/product.md "Discount codes"). */
export const DISCOUNT_REFUSALS = {
  unknown: (code: string) => `There is no discount code ${code}; check the spelling.`,
  inactive: "This code is not active.",
  notStarted: (at: Date) => `This code starts on ${indiaDateTime(at)}.`,
  expired: (at: Date) => `This code expired on ${indiaDateTime(at)}.`,
  minimum: (min: number) =>
    `This code needs an order of at least ${formatInr(min)}; add more to your cart.`,
  usedUp: "This code has been used up.",
  shopperUsedUp: "You have already used this code as often as it allows.",
  notForItems: "This code is not for the items in your order.",
  notForQuotes: "This code cannot be used on a quote.",
  nothingOff: "This code takes nothing off this order.",
} as const;

/** A code as typed: trimmed, upper-case (stored and matched that way). */
export function normaliseCode(input: string): string {
  return input.trim().toUpperCase();
}

/** Letters, digits, '-' and '_', 3-32 characters, once normalised. */
export const CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;

function eligible(rule: DiscountCodeRule, line: DiscountLine): boolean {
  if (rule.productIds.length === 0 && rule.categoryIds.length === 0) return true;
  return (
    (line.productId !== null && rule.productIds.includes(line.productId)) ||
    (line.categoryId !== null && rule.categoryIds.includes(line.categoryId))
  );
}

/**
 * Spreads `discount` over the lines by their value (floor each share), the last eligible line taking
 * the remainder, so the shares sum exactly. Ineligible lines (value 0 here) get 0.
 */
export function spreadDiscount(discount: number, lineValues: readonly number[]): number[] {
  const total = lineValues.reduce((sum, v) => sum + v, 0);
  const shares = lineValues.map(() => 0);
  if (total <= 0 || discount <= 0) return shares;
  const last = lineValues.findLastIndex((v) => v > 0);
  let given = 0;
  lineValues.forEach((value, i) => {
    if (value <= 0 || i === last) return;
    shares[i] = Math.floor((discount * value) / total);
    given += shares[i]!;
  });
  shares[last] = discount - given;
  return shares;
}

/** The discount on an eligible subtotal: a percentage rounded down (then the cap), or the fixed amount; never more than the subtotal. */
export function discountOn(rule: DiscountCodeRule, eligiblePaise: number): number {
  const raw =
    rule.kind === "percent"
      ? Math.floor((eligiblePaise * rule.percentBasisPoints) / 10_000)
      : rule.amountPaise;
  const capped =
    rule.kind === "percent" && rule.capPaise !== null ? Math.min(raw, rule.capPaise) : raw;
  return Math.max(0, Math.min(capped, eligiblePaise));
}

/** Whether the code applies, and what it takes off each line. Refusals in the order a shopper can act on them. */
export function priceDiscount(rule: DiscountCodeRule, ctx: DiscountContext): DiscountResult {
  const refuse = (reason: string): DiscountResult => ({ ok: false, reason });
  if (!rule.active) return refuse(DISCOUNT_REFUSALS.inactive);
  if (ctx.paying === "quote" && !rule.forQuotes) return refuse(DISCOUNT_REFUSALS.notForQuotes);
  if (rule.startsAt && ctx.now < rule.startsAt)
    return refuse(DISCOUNT_REFUSALS.notStarted(rule.startsAt));
  if (rule.endsAt && ctx.now >= rule.endsAt) return refuse(DISCOUNT_REFUSALS.expired(rule.endsAt));
  if (rule.totalUses !== null && ctx.usesSoFar >= rule.totalUses)
    return refuse(DISCOUNT_REFUSALS.usedUp);
  if (rule.usesPerShopper !== null && ctx.shopperUses >= rule.usesPerShopper)
    return refuse(DISCOUNT_REFUSALS.shopperUsedUp);
  const values = ctx.lines.map((line) => line.quantity * line.pricePaise);
  const subtotal = values.reduce((sum, v) => sum + v, 0);
  const eligibleValues = ctx.lines.map((line, i) => (eligible(rule, line) ? values[i]! : 0));
  const eligibleTotal = eligibleValues.reduce((sum, v) => sum + v, 0);
  if (!ctx.lines.some((line) => eligible(rule, line))) return refuse(DISCOUNT_REFUSALS.notForItems);
  if (subtotal < rule.minOrderPaise) return refuse(DISCOUNT_REFUSALS.minimum(rule.minOrderPaise));
  const discount = discountOn(rule, eligibleTotal);
  if (discount <= 0) return refuse(DISCOUNT_REFUSALS.nothingOff);
  return {
    ok: true,
    code: rule.code,
    discountPaise: discount,
    lineDiscounts: spreadDiscount(discount, eligibleValues),
    subtotalPaise: subtotal,
  };
}
