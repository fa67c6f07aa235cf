/**
 * The StagesEditor's two forms (react-hook-form over zod/mini, decision 0017): the next stage's
 * note, and the shipping charge typed in rupees. Messages name the field as the form labels it.
 * The bodies they become are checked again by the server's quotes.schema.ts (stageInput,
 * shippingChargeInput).
 */
import { z } from "zod/mini";
import { rupeesToPaise } from "~/lib/money";

export const stageForm = z.object({
  note: z.string().check(z.trim(), z.maxLength(2000, "Note: at most 2000 characters")),
});
export type StageForm = z.infer<typeof stageForm>;

export const shippingChargeForm = z.object({
  amount: z
    .string()
    .check(
      z.refine(
        (text) => (rupeesToPaise(text) ?? 0) > 0,
        "Shipping charge: an amount in rupees above 0, such as 80 or 80.50",
      ),
    ),
});
export type ShippingChargeForm = z.infer<typeof shippingChargeForm>;
