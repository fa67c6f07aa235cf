/**
 * The discount code fields every body shares (checkout, a quote's pay call, the check call):
 * browser-safe zod/mini (docs/decisions/0063-field-schemas.md).
 */
import { z } from "zod/mini";
import { CODE_PATTERN, normaliseCode } from "./discount-rules";

const CODE_MESSAGE = "A discount code is 3-32 letters, digits, '-' or '_'.";

/** An optional code as typed: trimmed and upper-cased; "" means none. */
export const couponCode = z.string({ error: CODE_MESSAGE }).check(
  z.overwrite(normaliseCode),
  z.refine((code) => code === "" || CODE_PATTERN.test(code), CODE_MESSAGE),
);

/** POST /v2/discounts/check: a code for the caller's cart (or a quote link's piece). */
export const checkCodeBody = z.object({
  code: couponCode.check(z.minLength(1, "Enter a discount code.")),
});
