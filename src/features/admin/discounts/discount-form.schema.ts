/**
 * A discount code as the owner writes it: one schema for the portal's form and the handlers of
 * POST /v2/admin/discounts and PUT /v2/admin/discounts/{id} (docs/decisions/0064, 0095).
 * Money is paise here (rupees on the wire: amount, minimumOrder, maximumDiscount); dates are ISO
 * instants (the form turns India-time inputs into them).
 */
import { z } from "zod/mini";
import { paise } from "~/lib/fields";
import { CODE_PATTERN, normaliseCode } from "~/features/discounts/discount-rules";

const count = (field: string) =>
  z.nullable(
    z
      .number({ error: `${field} must be a whole number` })
      .check(z.int(`${field} must be a whole number`), z.gte(1, `${field} must be 1 or more`)),
  );
const instant = (field: string) =>
  z.nullable(
    z
      .string({ error: `${field} must be a date and time` })
      .check(z.refine((s) => !Number.isNaN(Date.parse(s)), `${field} must be a date and time`)),
  );
const ids = (field: string) =>
  z
    .array(z.string().check(z.minLength(1), z.maxLength(120)), {
      error: `${field} must be a list of ids`,
    })
    .check(z.maxLength(200, `${field}: at most 200`));

export const discountCodeBody = z
  .object({
    code: z
      .string({ error: "Enter the code." })
      .check(
        z.overwrite(normaliseCode),
        z.regex(CODE_PATTERN, "The code is 3-32 letters, digits, '-' or '_'."),
      ),
    kind: z.enum(["percent", "fixed"], { error: "Choose a percentage or a fixed amount." }),
    /** A percentage with at most 2 decimals (10.5). */
    percent: z.number({ error: "The percentage must be a number." }).check(
      z.gte(0, "The percentage must be 0-100."),
      z.lte(100, "The percentage must be 0-100."),
      z.refine((n) => Number.isInteger(Math.round(n * 100 * 1e6) / 1e6), "At most 2 decimals."),
    ),
    amount: paise("amount"),
    minimumOrder: paise("minimumOrder"),
    maximumDiscount: z.nullable(paise("maximumDiscount", 1)),
    startsAt: instant("startsAt"),
    endsAt: instant("endsAt"),
    totalUses: count("totalUses"),
    usesPerShopper: count("usesPerShopper"),
    productIds: ids("productIds"),
    categoryIds: ids("categoryIds"),
    active: z.boolean({ error: "active must be true or false" }),
    forQuotes: z.boolean({ error: "forQuotes must be true or false" }),
  })
  .check(
    z.refine((b) => b.kind !== "percent" || b.percent > 0, {
      message: "Enter a percentage above 0.",
      path: ["percent"],
    }),
    z.refine((b) => b.kind !== "fixed" || b.amount > 0, {
      message: "Enter an amount above 0.",
      path: ["amount"],
    }),
    z.refine((b) => !b.startsAt || !b.endsAt || Date.parse(b.endsAt) > Date.parse(b.startsAt), {
      message: "The end must be after the start.",
      path: ["endsAt"],
    }),
  );
export type DiscountCodeBody = z.output<typeof discountCodeBody>;
export type DiscountCodeInput = z.input<typeof discountCodeBody>;
