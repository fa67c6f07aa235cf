/**
 * Days in transit to a delivery PIN, behind one small interface (docs/decisions/0122): the needed-by
 * check asks it. By default it is the shop's shipping estimate (the owner's zone table, or the
 * courier's days from Shiprocket: docs/shipping.md), and a fixed number of days when that gives
 * no answer (a provider that is down, a PIN outside every zone). Tests may plug in a fixed one.
 */
import type { DbOrTx } from "~/server/db/client";
import { courierTransitDays } from "~/features/shipping/estimate.server";

export interface TransitEstimate {
  /** Days from dispatch to delivery at this PIN (whole days, at least 1). */
  days(pin: string, db: DbOrTx): Promise<number> | number;
}

export const DEFAULT_TRANSIT_DAYS = 5;

export const fixedTransit = (days = DEFAULT_TRANSIT_DAYS): TransitEstimate => ({
  days: () => days,
});

/** The shipping estimate's days, or the fixed default without an answer. */
export const shippingTransit: TransitEstimate = {
  async days(pin, db) {
    return (await courierTransitDays(db, pin)) ?? DEFAULT_TRANSIT_DAYS;
  },
};

let current: TransitEstimate = shippingTransit;

/** The estimate in use. */
export function transit(): TransitEstimate {
  return current;
}

/** Plugs in another estimate (the shipping feature's, at start; tests). */
export function useTransit(estimate: TransitEstimate): void {
  current = estimate;
}
