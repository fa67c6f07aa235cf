/**
 * Discount code arithmetic and its refusals, without I/O (docs/decisions/0095-discount-codes.md).
 * Browser-safe: the portal's form preview and the server's pricing share it; only the server's
 * answer is ever stored. Amounts are integer paise. Uses and holds: decision 0174; the smallest
 * total a code may leave: decision 0175.
 */
import { indiaDateTime } from "~/lib/dates";
import { formatInr } from "~/lib/money";

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
  /** Paid uses by anyone (the code's row locked by the caller). */
  usesSoFar: number;
  /** Paid uses by this shopper. */
  shopperUses: number;
  /** This shopper's own unpaid orders still holding the code (another shopper's never count). */
  shopperHolds?: ShopperHolds | null;
  /** What is being paid: a cart, or a quote (which takes only codes allowed on quotes). */
  paying: "cart" | "quote";
}

/** A shopper's live holds of one code: how many, and the one that lasts longest. */
export interface ShopperHolds {
  count: number;
  orderId: string;
  until: Date;
}

/** The smallest total a code may leave: Cashfree's smallest `order_amount` is ₹1 (decision 0175). */
export const MIN_PAYABLE_PAISE = 100;

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
  heldByYou: (orderId: string, until: Date) =>
    `Your unpaid order ${orderId} holds this code until ${indiaDateTime(until)}; pay that order, or cancel its payment, to use the code here.`,
  belowPayable:
    "This code would leave less than ₹1.00 to pay, too small a payment to take; add to your order or use another code.",
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

/**
 * Whether one more use would pass the code's limits (decision 0174): paid uses count for everyone;
 * this shopper's own live holds count too, but only against this shopper (a hold is refused when
 * it alone would pass a limit, with the order that holds it named).
 */
export function limitRefusal(
  rule: Pick<DiscountCodeRule, "totalUses" | "usesPerShopper">,
  uses: { paid: number; shopperPaid: number; holds: ShopperHolds | null },
): string | null {
  const passes = (limit: number | null, count: number) => limit !== null && count >= limit;
  if (passes(rule.totalUses, uses.paid)) return DISCOUNT_REFUSALS.usedUp;
  if (passes(rule.usesPerShopper, uses.shopperPaid)) return DISCOUNT_REFUSALS.shopperUsedUp;
  const held = uses.holds;
  if (!held || held.count === 0) return null;
  if (
    passes(rule.totalUses, uses.paid + held.count) ||
    passes(rule.usesPerShopper, uses.shopperPaid + held.count)
  )
    return DISCOUNT_REFUSALS.heldByYou(held.orderId, held.until);
  return null;
}

/** Whether the code applies, and what it takes off each line. Refusals in the order a shopper can act on them. */
export function priceDiscount(rule: DiscountCodeRule, ctx: DiscountContext): DiscountResult {
  const refuse = (reason: string): DiscountResult => ({ ok: false, reason });
  if (!rule.active) return refuse(DISCOUNT_REFUSALS.inactive);
  if (ctx.paying === "quote" && !rule.forQuotes) return refuse(DISCOUNT_REFUSALS.notForQuotes);
  if (rule.startsAt && ctx.now < rule.startsAt)
    return refuse(DISCOUNT_REFUSALS.notStarted(rule.startsAt));
  if (rule.endsAt && ctx.now >= rule.endsAt) return refuse(DISCOUNT_REFUSALS.expired(rule.endsAt));
  const limit = limitRefusal(rule, {
    paid: ctx.usesSoFar,
    shopperPaid: ctx.shopperUses,
    holds: ctx.shopperHolds ?? null,
  });
  if (limit) return refuse(limit);
  const values = ctx.lines.map((line) => line.quantity * line.pricePaise);
  const subtotal = values.reduce((sum, v) => sum + v, 0);
  const eligibleValues = ctx.lines.map((line, i) => (eligible(rule, line) ? values[i]! : 0));
  const eligibleTotal = eligibleValues.reduce((sum, v) => sum + v, 0);
  if (!ctx.lines.some((line) => eligible(rule, line))) return refuse(DISCOUNT_REFUSALS.notForItems);
  if (subtotal < rule.minOrderPaise) return refuse(DISCOUNT_REFUSALS.minimum(rule.minOrderPaise));
  const discount = discountOn(rule, eligibleTotal);
  if (discount <= 0) return refuse(DISCOUNT_REFUSALS.nothingOff);
  if (subtotal - discount < MIN_PAYABLE_PAISE) return refuse(DISCOUNT_REFUSALS.belowPayable);
  return {
    ok: true,
    code: rule.code,
    discountPaise: discount,
    lineDiscounts: spreadDiscount(discount, eligibleValues),
    subtotalPaise: subtotal,
  };
}
