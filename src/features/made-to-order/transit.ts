/**
 * Days in transit to a delivery PIN, behind one small interface (docs/decisions/0122): the needed-by
 * check asks it, and the shop's shipping estimate (manual zone table or Shiprocket) plugs in here
 * when it exists. The default is a plain guess: a fixed number of days anywhere in India.
 */
export interface TransitEstimate {
  /** Days from dispatch to delivery at this PIN (whole days, at least 1). */
  days(pin: string): Promise<number> | number;
}

export const DEFAULT_TRANSIT_DAYS = 5;

export const fixedTransit = (days = DEFAULT_TRANSIT_DAYS): TransitEstimate => ({
  days: () => days,
});

let current: TransitEstimate = fixedTransit();

/** The estimate in use. */
export function transit(): TransitEstimate {
  return current;
}

/** Plugs in another estimate (the shipping feature's, at start; tests). */
export function useTransit(estimate: TransitEstimate): void {
  current = estimate;
}
