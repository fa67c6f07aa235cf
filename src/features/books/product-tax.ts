/**
 * A product's HSN code and GST rate (docs/decisions/0085), browser-safe: the fields added to the
 * product schema (both optional; blank: the category's, else the shop's default) and the columns
 * they are stored in. The portal gives no rate as advice; the owner's accountant decides.
 */
import { z } from "zod/mini";
import { trimInvisible } from "~/lib/text";
import { isKnownRate, ratesText, slabsOn } from "./gst-rates";
import type { GstRate } from "./tax";

export const HSN_CODE_PATTERN = /^(\d{4}|\d{6}|\d{8})$/;

/**
 * One of the rates of the dated table (gst-rates.ts). A rate that is no longer a slab (12 % after
 * 22 September 2025) is still taken, so a product keeps what the owner set until they change it;
 * the screens offer today's slabs and warn about an old one (decision 0180).
 */
export const gstRateField = z
  .number({ error: rateMessage })
  .check(z.refine(isKnownRate, { error: rateMessage }));

function rateMessage(): string {
  return `GST rate: choose ${ratesText(slabsOn(new Date()))}, or leave it to the default`;
}

/** An HSN code of 4, 6 or 8 digits, or "" for the default. */
export const hsnField = z.string({ error: "HSN code must be text" }).check(
  z.overwrite((v) => trimInvisible(v)),
  z.refine(
    (v) => v === "" || HSN_CODE_PATTERN.test(v),
    "HSN code: 4, 6 or 8 digits (e.g. 3926), or blank for the default",
  ),
);

/** Spread into the product schema's object. Left out of an edit: the stored values stay. */
export const productTaxShape = {
  hsn: z.optional(hsnField),
  gstRate: z.optional(z.nullable(gstRateField)),
};

/** The columns of a product write ("" and null: the default). */
export function productTaxRow(input: {
  hsn?: string | undefined;
  gstRate?: GstRate | null | undefined;
}): {
  hsn?: string | null;
  gstRate?: number | null;
} {
  return {
    ...(input.hsn === undefined ? {} : { hsn: input.hsn || null }),
    ...(input.gstRate === undefined ? {} : { gstRate: input.gstRate }),
  };
}
