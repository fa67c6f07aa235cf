/**
 * The Discount codes screen's shared, browser-safe parts (docs/product.md "Discount codes"): the
 * answer type, its texts, and India-time conversion for the start and end inputs. Amounts are paise.
 */
import { fromIndiaClock, indiaClock } from "~/lib/dates";
import type { DiscountCodeInput } from "./discount-form.schema";

/** One code as GET /v2/admin/discounts answers it. */
export interface AdminDiscountCode extends DiscountCodeInput {
  id: string;
  /** Paid orders that used it. */
  uses: number;
  /** Orders placed with it: paid, plus unpaid ones that can still be paid (decision 0174). */
  orders: number;
  /** What the paid orders came to, after the discount (paise). */
  revenue: number;
  createdAt: string;
}

export const DISCOUNT_TEXTS = {
  title: "Discount codes",
  add: "New code",
  saved: "Code saved",
  empty: "No discount codes yet.",
  loadFailed: "The discount codes could not be loaded.",
} as const;

/** "2026-11-27T00:00" typed in India time -> ISO instant; "" -> null. */
export function indiaInputToIso(value: string): string | null {
  if (!value) return null;
  const date = fromIndiaClock(`${value}:00`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** ISO instant -> "2026-11-27T00:00" for a datetime-local input in India time; null -> "". */
export function isoToIndiaInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return indiaClock(date).slice(0, 16);
}

/** "10 %" or "₹500.00 off" */
export function describeCode(
  code: Pick<AdminDiscountCode, "kind" | "percent" | "amount">,
  inr: (p: number) => string,
): string {
  return code.kind === "percent" ? `${code.percent} % off` : `${inr(code.amount)} off`;
}
