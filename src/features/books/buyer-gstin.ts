/**
 * The buyer's optional GSTIN at checkout and on the quote page (docs/decisions/0085), checked like
 * the seller's: format, a listed state code, the check digit. Browser-safe.
 */
import { z } from "zod/mini";
import { gstinProblem, normalizeGstin } from "./gstin";

/** "" (none) or a valid GSTIN, upper case without spaces. */
export const buyerGstinField = z.string({ error: "GSTIN must be text" }).check(
  z.overwrite(normalizeGstin),
  z.refine((v) => v === "" || gstinProblem(v) === null, {
    error: (issue) => gstinProblem(String(issue.input)) ?? "GSTIN is not valid",
  }),
);
