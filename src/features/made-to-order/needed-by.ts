/**
 * A needed-by date (docs/decisions/0122-capacity-and-needed-by.md), without I/O: the field, and
 * whether the piece can be with the customer by then (the promised dispatch plus days in transit),
 * said plainly. Safe in the browser.
 */
import { z } from "zod/mini";
import { dayDate, indiaDate, isCalendarDay } from "~/lib/dates";
import { addDays, indiaDay } from "~/lib/dates";

/** "YYYY-MM-DD", a real date. */
export const neededByDate = z
  .string({ error: "needed_by must be a date like 2026-12-25" })
  .check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, "needed_by must be a date like 2026-12-25"),
    z.refine(isCalendarDay, "needed_by must be a real date"),
  );

export interface NeededByVerdict {
  ok: boolean;
  neededBy: string;
  /** ISO: the promised dispatch. */
  dispatchBy: string;
  /** India day it should arrive. */
  arrivesBy: string;
  transitDays: number;
  sentence: string;
}

/** Can a piece promised for dispatch at `dispatchAt` reach the customer by `neededBy`? */
export function neededByVerdict(
  neededBy: string,
  dispatchAt: Date,
  transitDays: number,
  now: Date,
): NeededByVerdict {
  const arrivesBy = addDays(indiaDay(dispatchAt), transitDays);
  const base = { neededBy, dispatchBy: dispatchAt.toISOString(), arrivesBy, transitDays };
  if (neededBy <= indiaDay(now)) return { ...base, ok: false, sentence: NEEDED_BY_TEXTS.past };
  if (arrivesBy <= neededBy)
    return {
      ...base,
      ok: true,
      sentence: NEEDED_BY_TEXTS.ok(dayDate(neededBy), indiaDate(dispatchAt), dayDate(arrivesBy)),
    };
  return {
    ...base,
    ok: false,
    sentence: NEEDED_BY_TEXTS.late(
      dayDate(neededBy),
      dayDate(arrivesBy),
      indiaDate(dispatchAt),
      transitDays,
    ),
  };
}

/** GET /v2/admin/needed-by: one order with a needed-by date. */
export interface NeededByRow {
  orderId: string;
  neededBy: string;
  status: string;
  promisedDispatchAt: string | null;
  /** The India day it should arrive (promise + transit), null before payment. */
  arrivesBy: string | null;
  /** Paid, not yet shipped, and arriving after the date (or already late to dispatch). */
  atRisk: boolean;
}

export const NEEDED_BY_TEXTS = {
  label: "Needed by (optional)",
  hint: "A wedding or a gift? Tell us the date and we check it before you pay.",
  past: "The needed-by date must be after today.",
  ok: (needed: string, dispatch: string, arrives: string) =>
    `We can make it: dispatch by ${dispatch}, with you around ${arrives}, before ${needed}.`,
  late: (needed: string, arrives: string, dispatch: string, transit: number) =>
    `We cannot have it with you by ${needed}: the earliest is around ${arrives} (dispatch by ${dispatch}, then about ${transit} days in transit). Choose a later date or clear it.`,
  refusedTitle: "Needed-by date",
} as const;
