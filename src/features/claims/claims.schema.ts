/**
 * The claim form's fields and the owner's decision body (docs/decisions/
 * 0247-damage-claims.md): one schema for the island and the handler (docs/decisions/0064-form-pattern.md).
 */
import { z } from "zod/mini";
import { idParam } from "~/lib/fields";
import { CLAIM_TEXTS } from "./claims";

const itemsError = { error: CLAIM_TEXTS.lines };

/** The claimed lines: at least one, each an order line id and a whole quantity from 1. */
export const claimedLines = z
  .array(
    z.object({
      itemId: idParam("item id"),
      quantity: z.number(itemsError).check(z.int(itemsError), z.gte(1, CLAIM_TEXTS.lines)),
    }),
    itemsError,
  )
  .check(z.minLength(1, CLAIM_TEXTS.lines), z.maxLength(50, CLAIM_TEXTS.lines));

export const claimFields = z.object({
  items: claimedLines,
  description: z
    .string({ error: CLAIM_TEXTS.description })
    .check(
      z.trim(),
      z.minLength(10, CLAIM_TEXTS.description),
      z.maxLength(2000, "Describe the damage in at most 2000 characters."),
    ),
});
export type ClaimFieldsInput = z.infer<typeof claimFields>;

const reason = z
  .string({ error: CLAIM_TEXTS.declineReason })
  .check(z.trim(), z.maxLength(500, "reason: at most 500 characters."));

/** POST /v2/admin/claims/{id}/decision: one of the three, once. */
export const decisionBody = z.discriminatedUnion("decision", [
  z.object({ decision: z.literal("replace"), reason: z.optional(reason) }),
  z.object({
    decision: z.literal("refund"),
    /** Paise after the wire conversion; absent: what can still be refunded. */
    amount: z.optional(z.number().check(z.int(), z.gt(0, "amount: more than 0."))),
    reason: z.optional(reason),
  }),
  z.object({
    decision: z.literal("decline"),
    reason: reason.check(z.minLength(5, CLAIM_TEXTS.declineReason)),
  }),
]);
export type DecisionInput = z.infer<typeof decisionBody>;
