/**
 * The quote bodies (decision 0045), zod/mini, shared by the portal's QuoteEditor and the handlers.
 * Amounts are integer paise here (readJson and the API client convert the rupees on the wire:
 * `price`, `shippingEstimate`, `amount`). Rules: docs/decisions/0045-custom-work-quotes.md.
 */
import { buyerGstinField } from "~/features/books/buyer-gstin";
import * as z from "zod/mini";
import { pinCodeSchema, postalAddressSchema } from "~/lib/address.schema";
import { fromIndiaClock, isCalendarDay } from "~/lib/dates";
import { neededByDate } from "~/features/made-to-order/needed-by";
import {
  emailField,
  indianMobile,
  noControlCharacters,
  idempotencyKey,
  optionalText,
  paise,
  personName,
  requiredText,
} from "~/lib/fields";

const days = (field: string) =>
  z
    .number({ error: `${field} must be a whole number of days` })
    .check(
      z.int({ error: `${field} must be a whole number of days` }),
      z.gte(1, { error: `${field} must be at least 1 day` }),
      z.lte(120, { error: `${field} must be at most 120 days` }),
    );

/** Processing windows (docs/product.md §9): 5-20 days; varmala at least 20 days. */
export const DISPATCH_RULES = { customMin: 5, customMax: 20, varmalaMin: 20 } as const;

/** An image of this shop's uploads (/media/..., /images/...) or an https address. */
export const imageUrl = z.string().check(
  z.trim(),
  z.maxLength(2000, { error: "referenceImage must be at most 2000 characters" }),
  z.refine(
    (url) => url === "" || /^\/(media|images)\/[^\s]*$/.test(url) || /^https:\/\/[^\s]+$/.test(url),
    {
      error: "referenceImage must be an uploaded image (/media/...) or an https address",
    },
  ),
);

/** "YYYY-MM-DD" (the end of that day, India time) or a full ISO date-time. */
export const expiryInput = z
  .string({ error: "expiresAt is required (a date such as 2026-12-31)" })
  .check(
    z.refine((text) => parseExpiry(text) !== null, {
      error: "expiresAt must be a date such as 2026-12-31",
    }),
  );

export function parseExpiry(text: string): Date | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(text))
    return isCalendarDay(text) ? fromIndiaClock(`${text}T23:59:59`) : null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text)) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

export const quoteInput = z
  .object({
    title: requiredText("title", 120),
    description: optionalText("description", 4000),
    price: paise("price", 1),
    /** A figure the owner sets; or `shippingWeight` (kg) for the docs/product.md §9 tier. */
    shippingEstimate: z.optional(paise("shippingEstimate")),
    shippingWeight: z.optional(
      z
        .number({ error: "shippingWeight must be a number of kilograms" })
        .check(
          z.gt(0, { error: "shippingWeight must be more than 0 kg" }),
          z.lte(1000, { error: "shippingWeight must be at most 1000 kg" }),
        ),
    ),
    dispatchMinDays: days("dispatchMinDays"),
    dispatchMaxDays: days("dispatchMaxDays"),
    stageSet: z.enum(["custom", "varmala"], { error: "stageSet must be custom or varmala" }),
    referenceImage: z.optional(imageUrl),
    expiresAt: expiryInput,
    /** The product whose personalisation fields the customer fills (decision 0266); "" or absent: none. */
    personalisationProductId: z.optional(
      z
        .string({ error: "personalisationProductId must be a product id" })
        .check(z.maxLength(100, { error: "personalisationProductId must be a product id" })),
    ),
  })
  .check(
    z.refine((q) => q.shippingEstimate !== undefined || q.shippingWeight !== undefined, {
      error:
        "give shippingEstimate (rupees) or shippingWeight (kg) for the standard shipping rates",
    }),
    z.refine((q) => q.dispatchMaxDays >= q.dispatchMinDays, {
      error: "dispatchMaxDays must be at least dispatchMinDays",
    }),
    z.refine(
      (q) =>
        q.stageSet === "varmala" ||
        (q.dispatchMinDays >= DISPATCH_RULES.customMin &&
          q.dispatchMaxDays <= DISPATCH_RULES.customMax),
      {
        error: "the dispatch window of a custom piece is 5-20 days (the policy's processing time)",
      },
    ),
    z.refine((q) => q.stageSet !== "varmala" || q.dispatchMinDays >= DISPATCH_RULES.varmalaMin, {
      error: "a varmala keepsake takes at least 20 days: dispatchMinDays must be 20 or more",
    }),
  );
export type QuoteInput = z.infer<typeof quoteInput>;

export const payQuoteInput = z.object({
  customer_name: personName("customer_name", { required: "enter your name" }),
  customer_email: emailField({
    required: "enter a valid email address",
    invalid: "enter a valid email address",
    max: 320,
  }),
  customer_phone: z
    .string({ error: "customer_phone is required" })
    .check(z.maxLength(40), noControlCharacters("customer_phone", true)),
  /** A saved address of the signed-in caller, or a typed one. */
  address_id: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  /** The shop's one postal address schema (decision 0060). */
  address: z.optional(postalAddressSchema),
  idempotency_key: z.optional(idempotencyKey),
  /** Ignored: the server's amount is the quote's. */
  order_amount: z.optional(z.unknown()),
  amount: z.optional(z.unknown()),
  /** The date the piece is needed by: refused before payment when it cannot be made (decision 0122). */
  needed_by: z.optional(neededByDate),
  /** The buyer's GSTIN for the invoice (docs/decisions/0085); optional. */
  buyer_gstin: z.optional(buyerGstinField),
  /**
   * The quote's personalisation values (field id -> value), checked at payment by the one schema
   * built from the quote's fields (decision 0266).
   */
  personalisation: z.optional(
    z.record(z.string(), z.unknown(), {
      error: "personalisation must be an object of field id -> value",
    }),
  ),
});
export type PayQuoteInput = z.infer<typeof payQuoteInput>;

export const stageInput = z.object({
  stage: z
    .string({ error: "stage is required" })
    .check(z.minLength(1, { error: "stage is required" }), z.maxLength(40)),
  note: z.optional(optionalText("note", 2000)),
  photos: z.optional(
    z.array(imageUrl).check(z.maxLength(10, { error: "at most 10 photos per stage" })),
  ),
});
export type StageInput = z.infer<typeof stageInput>;

export const shippingChargeInput = z.object({
  amount: paise("amount", 1),
  expiresAt: z.optional(expiryInput),
});

/**
 * The quote page's form (QuotePayForm): what the visitor types before the pay body is built. The
 * address fields are present only while "A new address" is chosen (the form unregisters them
 * otherwise), so they are optional here and required when present.
 */
export const quotePayForm = z.object({
  name: personName("Name", { required: "Enter your name" }),
  email: emailField({ required: "Enter your email", invalid: "Enter a valid email address" }),
  phone: indianMobile(),
  address1: z.optional(
    requiredText("Address line 1", 200, { required: "Address line 1 required" }),
  ),
  address2: z.optional(optionalText("Address line 2", 200)),
  city: z.optional(requiredText("City", 100, { required: "City required" })),
  state: z.optional(requiredText("State", 100, { required: "State required" })),
  zipCode: z.optional(pinCodeSchema),
  buyerGstin: z.optional(buyerGstinField),
});
export type QuotePayFormValues = z.input<typeof quotePayForm>;

/** PUT /v2/admin/quotes/{id}/deposit: { percent } or { amount } (rupees on the wire), {} for none. */
export const depositInput = z.object({
  percent: z.optional(
    z
      .number({ error: "percent must be a whole number" })
      .check(z.int({ error: "percent must be a whole number" })),
  ),
  amount: z.optional(paise("amount", 1)),
});
export type DepositInput = z.infer<typeof depositInput>;
