/**
 * zod schemas of the /v2/carts calls: the request bodies and query (parsed by cart.api.ts) and
 * the answer (used by tests to check the browser's hand-written guard, `toCartAnswer` in cart.ts).
 *
 * Server and tests only: the browser store (cart-store.ts, loaded on every page for the nav badge)
 * must stay free of zod, so never import this file from cart.ts, cart-store.ts or an island.
 */
import { z } from "zod";
import { trimInvisible } from "../../lib/text";
import { MAX_CART_LINES, MAX_LINE_QUANTITY, MAX_NOTE_LENGTH, MAX_VARIANT_GROUPS } from "./cart";

const id = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .overwrite(trimInvisible)
    .min(1, `${label} is required`)
    .max(120, `${label} must be at most 120 characters`);

/** `{ "Size": { id, value?, price? } }`: only the ids count; value and price are looked up. */
export const variantInput = z
  .record(
    z.string().overwrite(trimInvisible).min(1, "A variant group needs a name").max(100, "A variant group name must be at most 100 characters"),
    z.object({ id: id("variant id") }, { message: "Each chosen variant must be an object with an id" }),
    { message: "variant must be an object of group name -> { id }" },
  )
  .refine((v) => Object.keys(v).length <= MAX_VARIANT_GROUPS, `variant may name at most ${MAX_VARIANT_GROUPS} groups`);

/**
 * Body of POST /v2/carts, and each item of PUT /v2/carts-merge. `price`, `product` and `note` may be
 * sent (the guest cart has them) but are dropped: the server prices and describes the line itself.
 */
export const cartItemInput = z.object({
  productId: id("productId"),
  variant: variantInput.default({}),
  quantity: z
    .number({ message: "quantity must be a number" })
    .int("quantity must be a whole number")
    .min(1, "quantity must be at least 1")
    .max(MAX_LINE_QUANTITY, `quantity must be at most ${MAX_LINE_QUANTITY}`)
    .default(1),
  productNote: z
    .string({ message: "productNote must be text" })
    .overwrite(trimInvisible)
    .max(MAX_NOTE_LENGTH, `productNote must be at most ${MAX_NOTE_LENGTH} characters`)
    .default(""),
});
export type CartItemInput = z.infer<typeof cartItemInput>;

export const mergeInput = z.object({
  items: z
    .array(cartItemInput, { message: "items must be a list" })
    .max(MAX_CART_LINES * 2, `items may hold at most ${MAX_CART_LINES * 2} lines`),
});

/** Query of DELETE /v2/carts. */
export const removeQuery = z.object({ prod_id: id("prod_id") });
/** Body of DELETE /v2/carts: the line's variant choice (empty or absent for a product without variants). */
export const removeBody = z.object({ variant: variantInput.default({}) });

const variantChoiceSchema = z.record(z.string(), z.object({ id: z.string(), value: z.string(), price: z.number() }));

/** One line of an answer (and of the stored guest cart); `toCartLine` in cart.ts is its zod-free twin. */
export const cartLineSchema = z.object({
  id: z.string(),
  productId: z.string(),
  product: z.object({ name: z.string(), image: z.string().catch(""), weight: z.number().catch(0) }),
  variant: variantChoiceSchema.catch({}),
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
  price: z.number().int().min(0),
  note: z.boolean().catch(false),
  productNote: z.string().catch(""),
});

/** The answer of every /v2/carts call; `toCartAnswer` in cart.ts is its zod-free twin. */
export const cartAnswerSchema = z.object({
  id: z.string(),
  items: z.array(cartLineSchema),
  count: z.number(),
  subtotal: z.number(),
});
