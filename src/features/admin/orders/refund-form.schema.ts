/**
 * The refund form's fields (docs/decisions/0057): an amount in rupees (empty: everything still
 * refundable) and a reason. The server checks the same again (refundBody) and its answer wins.
 */
import { z } from "zod/mini";
import { rupeesToPaise } from "~/lib/money";

export const REFUND_FORM_TEXTS = {
  amount: "Amount must be an amount in rupees, such as 499 or 499.50",
  reason: "Reason: say why the money goes back (at least 3 characters)",
};

/** The amount typed, in paise: undefined when empty (refund everything), null when not an amount. */
export function refundPaise(amount: string): number | undefined | null {
  if (!amount.trim()) return undefined;
  const paise = rupeesToPaise(amount);
  return paise === 0 ? null : paise;
}

export const refundFormSchema = z.object({
  amount: z.string().check(z.refine((a) => refundPaise(a) !== null, REFUND_FORM_TEXTS.amount)),
  reason: z.string().check(z.refine((r) => r.trim().length >= 3, REFUND_FORM_TEXTS.reason)),
});

export type RefundFormValues = z.infer<typeof refundFormSchema>;
