/**
 * The GST rates as dated data (docs/gst.md, docs/decisions/0180-gst-rates-by-date.md): the one
 * table of the rates a document line may carry, each entry from the day it applies. Browser-safe.
 *
 * - From 1 July 2017 (GST's start): 0, 0.25 (rough precious stones), 1.5 (cut diamonds), 3 (gold,
 *   silver, jewellery), 5, 12, 18 and 28 %.
 * - From 22 September 2025 (GST Council, 56th meeting; Notification No. 9/2025-Central Tax (Rate)
 *   of 17 September 2025, superseding No. 1/2017): Schedules I-VII, in all 5, 18, 40, 3, 0.25,
 *   1.5 and 28 % (Schedule VII, 28 %, kept only for pan masala and tobacco goods); 12 % is gone.
 * - From 1 February 2026 (Notification No. 19/2025-Central Tax (Rate) of 31 December 2025):
 *   Schedule VII omitted, those goods moved to 18 or 40 %; 28 % is gone.
 *
 * When the law changes: add an entry with the day it applies from and its slabs (keep the old
 * entries: documents and credit notes of earlier dates keep their rates), and add any new rate to
 * the database check `GST_RATE_CHECK` lists (src/server/db/schema) with a migration.
 */
import { indiaDay } from "~/lib/dates";

export interface RateEntry {
  /** The first India day (YYYY-MM-DD) these slabs apply to. */
  from: string;
  slabs: readonly number[];
}

export const GST_RATE_TABLE: readonly RateEntry[] = [
  { from: "2017-07-01", slabs: [0, 0.25, 1.5, 3, 5, 12, 18, 28] },
  { from: "2025-09-22", slabs: [0, 0.25, 1.5, 3, 5, 18, 28, 40] },
  { from: "2026-02-01", slabs: [0, 0.25, 1.5, 3, 5, 18, 40] },
];

/** Every rate any entry has: what a stored line or product may carry. */
export const KNOWN_GST_RATES: readonly number[] = [
  ...new Set(GST_RATE_TABLE.flatMap((e) => e.slabs)),
].sort((a, b) => a - b);

/** The slabs in force on an India day (YYYY-MM-DD) or at an instant. */
export function slabsOn(when: string | Date): readonly number[] {
  const day = typeof when === "string" ? when : indiaDay(when);
  let slabs: readonly number[] = [];
  for (const entry of GST_RATE_TABLE) if (entry.from <= day) slabs = entry.slabs;
  return slabs;
}

export function isSlabOn(rate: number, when: string | Date): boolean {
  return slabsOn(when).includes(rate);
}

export function isKnownRate(rate: number): boolean {
  return KNOWN_GST_RATES.includes(rate);
}

/** "0, 0.25, 3, 5, 18 or 40 %" for the sentences that list them. */
export function ratesText(rates: readonly number[]): string {
  if (rates.length <= 1) return `${rates.join("")} %`;
  return `${rates.slice(0, -1).join(", ")} or ${rates.at(-1)} %`;
}

/**
 * The warning a stored rate gets on the product, collection and Settings screens when it is no
 * longer a slab (the rate is never changed silently: the owner and the accountant decide).
 */
export function staleRateWarning(rate: number | null, when: string | Date): string | null {
  if (rate === null || isSlabOn(rate, when)) return null;
  return `GST rate ${rate} % is no longer a GST slab (from ${slabsStartOf(when)} the rates are ${ratesText(slabsOn(when))}). Documents issued today still use ${rate} % until you choose another rate.`;
}

function slabsStartOf(when: string | Date): string {
  const day = typeof when === "string" ? when : indiaDay(when);
  return GST_RATE_TABLE.filter((e) => e.from <= day).at(-1)?.from ?? day;
}

/**
 * A rate picker's options: today's slabs, and the stored rate marked when it is no longer one (so
 * an edit never changes it silently).
 */
export function rateOptions(
  stored: number | null | undefined,
  when: string | Date,
): { value: string; label: string }[] {
  const slabs = slabsOn(when);
  const options = slabs.map((r) => ({ value: String(r), label: `${r} %` }));
  if (stored === null || stored === undefined || slabs.includes(stored)) return options;
  return [...options, { value: String(stored), label: `${stored} % (no longer a GST slab)` }];
}
