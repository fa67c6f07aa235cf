/**
 * Shipping estimate by total weight (docs/product.md §9). Tiers are in kilograms and rupees; we compute in
 * grams and paise. The amount is only an estimate shown as "Upto"; orders are sent with shipping 0
 * and shipping is charged at dispatch.
 */
const TIERS: readonly [maxGrams: number, rupees: number][] = [
  [500, 80],
  [1000, 120],
  [3000, 350],
  [5000, 550],
  [10000, 1000],
];

/** Total weight of the lines, in grams. */
export function totalWeightGrams(
  lines: readonly { quantity: number; weightGrams: number }[],
): number {
  return lines.reduce((sum, line) => sum + line.quantity * line.weightGrams, 0);
}

/** Estimated shipping in paise for a total weight in grams. Above 10 kg: 1000 + 9 per kg over 10 (part kg counts whole). */
export function shippingEstimatePaise(weightGrams: number): number {
  for (const [maxGrams, rupees] of TIERS) if (weightGrams <= maxGrams) return rupees * 100;
  const overKg = Math.ceil((weightGrams - 10000) / 1000);
  return (1000 + 9 * overKg) * 100;
}
