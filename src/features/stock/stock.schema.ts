/**
 * The portal's stock bodies (docs/decisions/0218-stock-owner-tools.md), zod/mini, shared by the
 * panel and the handlers: a product's stock settings and an adjustment with its reason.
 */
import { z } from "zod/mini";
import { ADJUSTMENT_REASONS, STOCK_MODES } from "./stock";

const pieces = (field: string) =>
  z
    .number({ error: `${field}: enter a whole number of pieces, 0 or more` })
    .check(
      z.int({ error: `${field}: enter a whole number of pieces, 0 or more` }),
      z.gte(0, `${field}: enter a whole number of pieces, 0 or more`),
      z.lte(100_000, `${field}: at most 100000 pieces`),
    );

export const stockSettingsInput = z.object({
  mode: z.enum(STOCK_MODES, {
    error: "mode: choose Made to order, In stock or One of a kind",
  }),
  count: z.optional(pieces("count")),
  lowStockAt: z.optional(pieces("lowStockAt")),
  /** Counts per option combination (keys: the combination's option ids, sorted, comma-joined). */
  combos: z.optional(z.record(z.string().check(z.maxLength(400)), pieces("combos"))),
});
export type StockSettingsInput = z.infer<typeof stockSettingsInput>;

export const adjustmentInput = z.object({
  change: z
    .number({ error: "change: enter how many pieces to add (or take away, with a minus)" })
    .check(
      z.int({ error: "change: enter a whole number of pieces" }),
      z.refine((n) => n !== 0, "change: enter a number other than 0"),
      z.gte(-100_000, "change: at most 100000 pieces at once"),
      z.lte(100_000, "change: at most 100000 pieces at once"),
    ),
  reason: z.enum(ADJUSTMENT_REASONS, {
    error: "reason: choose Counted, Damaged, Made more or Returned",
  }),
  note: z._default(z.string().check(z.maxLength(200, "note: at most 200 characters")), ""),
  combo: z._default(z.string().check(z.maxLength(400)), ""),
});
export type AdjustmentInput = z.infer<typeof adjustmentInput>;
