/**
 * The one schema of the /v2/carts bodies and answers, shared by the handlers (cart.api.ts), the
 * browser store (cart-session.ts reads answers with it) and the guest cart in localStorage.
 * Written with `zod/mini` so the browser bundle stays small (the cart store loads on every page).
 * Amounts here are paise: the wire's rupees are converted before and after (src/lib/wire-money.ts).
 */
import { z } from "zod/mini";
import { trimInvisible } from "~/lib/text";
import {
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  MAX_NOTE_LENGTH,
  MAX_VARIANT_GROUPS,
  type CartAnswer,
  type CartLine,
} from "./cart";
import { toValues } from "~/features/personalisation/personalisation";

/** One filled field as a line keeps it (the stored guest cart, a line sent back to remove it). */
const personalisedSchema = z.object({
  id: z.string().check(z.maxLength(40)),
  label: z.catch(z.string(), ""),
  kind: z.catch(z.enum(["text", "choice", "date", "photo"]), "text"),
  value: z.catch(z.string().check(z.maxLength(2000)), ""),
  photos: z.optional(z.array(z.string().check(z.maxLength(80))).check(z.maxLength(10))),
});

/**
 * A line's personalisation as sent: field id -> value (the product page), or the line's filled
 * fields (a guest line in a merge, a line to remove). Checked against the product's field list on
 * the server (personalisation.schema.ts, decision 0229).
 */
export const personalisationInput = z.optional(
  z.pipe(
    z.union(
      [
        z
          .record(
            z.string().check(z.maxLength(40)),
            z.union([
              z.string().check(z.maxLength(2000)),
              z.array(z.string().check(z.maxLength(80))).check(z.maxLength(10)),
            ]),
          )
          .check(z.refine((v) => Object.keys(v).length <= 20, "Too many personalisation fields")),
        z.array(personalisedSchema).check(z.maxLength(20)),
      ],
      { error: "personalisation must be an object of field id -> value" },
    ),
    z.transform((v) => (Array.isArray(v) ? toValues(v) : v)),
  ),
);

const id = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .check(
      z.overwrite(trimInvisible),
      z.minLength(1, `${label} is required`),
      z.maxLength(120, `${label} must be at most 120 characters`),
    );

/** `{ "Size": { id, value?, price? } }`: only the ids count; value and price are looked up. */
export const variantInput = z
  .record(
    z
      .string()
      .check(
        z.overwrite(trimInvisible),
        z.minLength(1, "A variant group needs a name"),
        z.maxLength(100, "A variant group name must be at most 100 characters"),
      ),
    z.object(
      { id: id("variant id") },
      { error: "Each chosen variant must be an object with an id" },
    ),
    { error: "variant must be an object of group name -> { id }" },
  )
  .check(
    z.refine(
      (v) => Object.keys(v).length <= MAX_VARIANT_GROUPS,
      `variant may name at most ${MAX_VARIANT_GROUPS} groups`,
    ),
  );

/**
 * Body of POST /v2/carts, and each item of PUT /v2/carts-merge. `price`, `product` and `note` may be
 * sent (the guest cart has them) but are dropped: the server prices and describes the line itself.
 */
export const cartItemInput = z.object({
  productId: id("productId"),
  variant: z._default(variantInput, {}),
  quantity: z._default(
    z
      .number({ error: "quantity must be a number" })
      .check(
        z.refine(Number.isInteger, "quantity must be a whole number"),
        z.gte(1, "quantity must be at least 1"),
        z.lte(MAX_LINE_QUANTITY, `quantity must be at most ${MAX_LINE_QUANTITY}`),
      ),
    1,
  ),
  productNote: z._default(
    z
      .string({ error: "productNote must be text" })
      .check(
        z.overwrite(trimInvisible),
        z.maxLength(MAX_NOTE_LENGTH, `productNote must be at most ${MAX_NOTE_LENGTH} characters`),
      ),
    "",
  ),
  personalisation: personalisationInput,
});
export type CartItemInput = z.infer<typeof cartItemInput>;

export const mergeInput = z.object({
  items: z
    .array(cartItemInput, { error: "items must be a list" })
    .check(z.maxLength(MAX_CART_LINES * 2, `items may hold at most ${MAX_CART_LINES * 2} lines`)),
});

/** Query of DELETE /v2/carts. */
export const removeQuery = z.object({ prod_id: id("prod_id") });
/** Body of DELETE /v2/carts: the line's variant choice (empty or absent for a product without variants). */
export const removeBody = z.object({
  variant: z._default(variantInput, {}),
  personalisation: personalisationInput,
});
/** Body of PATCH /v2/carts: the line's variant choice and its new quantity (1 to MAX_LINE_QUANTITY). */
export const quantityBody = z.object({
  variant: z._default(variantInput, {}),
  personalisation: personalisationInput,
  quantity: z
    .number({ error: "quantity must be a number" })
    .check(
      z.refine(Number.isInteger, "quantity must be a whole number"),
      z.gte(1, "quantity must be at least 1"),
      z.lte(MAX_LINE_QUANTITY, `quantity must be at most ${MAX_LINE_QUANTITY}`),
    ),
});

const variantChoiceSchema = z.record(
  z.string(),
  z.object({ id: z.string(), value: z.string(), price: z.number() }),
);

/** One line of an answer (and of the stored guest cart); optional parts fall back to defaults. */
export const cartLineSchema = z.object({
  id: z.string(),
  productId: z.string(),
  product: z.object({
    name: z.string(),
    image: z.catch(z.string(), ""),
    weight: z.catch(z.number(), 0),
  }),
  variant: z.catch(variantChoiceSchema, {}),
  quantity: z.int().check(z.gte(1), z.lte(MAX_LINE_QUANTITY)),
  price: z.int().check(z.gte(0)),
  note: z.catch(z.boolean(), false),
  productNote: z.catch(z.string(), ""),
  personalisation: z.catch(z.optional(z.array(personalisedSchema)), undefined),
});

/** The answer of every /v2/carts call. */
export const cartAnswerSchema = z.object({
  id: z.string(),
  items: z.array(cartLineSchema),
  count: z.number(),
  subtotal: z.number(),
});

/**
 * One cart line from untrusted JSON (a server answer, another tab's message, the stored guest cart),
 * or null when its identity, quantity or price is unusable.
 */
export function toCartLine(value: unknown): CartLine | null {
  const parsed = cartLineSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** A /v2/carts answer from untrusted JSON, or null when it is not one (any bad line refuses it all). */
export function toCartAnswer(value: unknown): CartAnswer | null {
  const parsed = cartAnswerSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
