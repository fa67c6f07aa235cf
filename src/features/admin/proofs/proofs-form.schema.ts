/**
 * The ProofsPanel's form (react-hook-form over zod/mini, decision 0064): the message sent with a
 * proof round. The body it becomes is checked again by the server's made-to-order/proofs.schema.ts.
 */
import { z } from "zod/mini";

export const proofForm = z.object({
  message: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "Message: say what the proof shows"),
      z.maxLength(2000, "Message: at most 2000 characters"),
    ),
});
export type ProofForm = z.infer<typeof proofForm>;
