/**
 * The cart's lines in the database, priced from the catalogue (through its loader): reading them,
 * telling live lines from ones that can no longer be bought, and writing them in one statement.
 * Used by the cart's operations in cart.server.ts (and, through them, checkout). Server only.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { builtOnce } from "~/server/db/built-once";
import { transactionsRunAlone, type DbOrTx, type Tx } from "~/server/db/client";
import { cartItems, carts, users } from "~/server/db/schema";
import { HttpError } from "~/server/http";
import { gramsToKg } from "~/features/catalogue/catalogue";
import type { PricingProduct } from "~/features/catalogue/pricing.server";
import type { StockMode } from "~/features/stock/stock";
import type { CartLine, VariantChoice } from "./cart";
import { lineId } from "./line-id.server";
import { resolveChoice } from "./resolve-choice";
import type { CartItemInput } from "./cart.schema";
import {
  addOnPrice,
  lineKey,
  personalisationKey,
  toPersonalised,
  type PersonalisationValues,
  type PersonalisedValue,
} from "~/features/personalisation/personalisation";
import { checkValues } from "~/features/personalisation/personalisation.schema";

/** A product as the cart prices it, with its stock mode (null: never set, made to order). */
export type CatalogueEntry = PricingProduct & { stockMode: StockMode | null };

export interface PricedItem {
  productId: string;
  variant: VariantChoice;
  key: string;
  quantity: number;
  productNote: string;
  /** The filled personalisation fields, checked against the product's field list. */
  personalisation: PersonalisedValue[];
  pricePaise: number;
}

/** A line to price: the cart body, personalisation as values (absent: none). */
export type PriceInput = Omit<CartItemInput, "personalisation"> & {
  personalisation?: PersonalisationValues;
};

export type PriceResult = { ok: true; item: PricedItem } | { ok: false; reason: string };

/** Prices one requested line from the catalogue, or says why it cannot be bought. */
export function priceWith(catalogue: Map<string, CatalogueEntry>, input: PriceInput): PriceResult {
  const product = catalogue.get(input.productId);
  if (!product) return { ok: false, reason: `Product "${input.productId}" does not exist.` };
  if (product.status !== "active")
    return { ok: false, reason: `"${product.name}" is not available right now.` };
  const choice = resolveChoice(product, input.variant);
  if (!choice.ok) return { ok: false, reason: choice.reason };
  // The one schema built from the product's field list (decision 0229); the add-on is the server's.
  const checked = checkValues(product.personalisation, input.personalisation ?? {});
  if (!checked.ok) return { ok: false, reason: checked.message };
  const personalisation = toPersonalised(product.personalisation, checked.values);
  return {
    ok: true,
    item: {
      productId: product.id,
      variant: choice.variant,
      key: lineKey(choice.key, personalisationKey(personalisation)),
      quantity: input.quantity,
      productNote: input.productNote,
      personalisation,
      pricePaise:
        product.pricePaise + choice.extra + addOnPrice(product.personalisation, checked.values),
    },
  };
}

/** The user's cart id (their `cartId`); 401 when the signed-in user has no account row. */
export async function userCartId(db: DbOrTx, uid: string): Promise<string> {
  const [existing] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, uid));
  if (existing) return existing.id;
  const [user] = await db.select({ cartId: users.cartId }).from(users).where(eq(users.id, uid));
  if (!user) throw new HttpError(401, "Please log in to continue.");
  return user.cartId;
}

/**
 * Creates the cart row when missing and locks it for the rest of the transaction, in one statement:
 * the insert names the user's cartId; when the user already has a cart, ON CONFLICT updates it (which
 * locks the row, as `select ... for update` would). No row back: the user has no account row (401).
 */
export async function lockCart(tx: Tx, uid: string): Promise<string> {
  const [row] = await tx
    .insert(carts)
    .select(
      tx
        .select({ id: users.cartId, userId: users.id, updatedAt: sql`now()`.as("updated_at") })
        .from(users)
        .where(eq(users.id, uid)),
    )
    .onConflictDoUpdate({ target: carts.userId, set: { updatedAt: sql`now()` } })
    .returning({ id: carts.id });
  if (!row) throw new HttpError(401, "Please log in to continue.");
  return row.id;
}

/**
 * A cart as a write names it: its id, locked by lockCart; or, where transactions run one at a time
 * (PGlite), `{ ofUser }`: not locked by a statement of its own, since the transaction already keeps
 * every other out; its id comes with the cart's one read, and its row is made, when missing, by
 * the write (writeLines' `cart`; docs/decisions/0314-one-transaction-at-a-time.md).
 */
export type CartRef = string | { ofUser: string };

/** The cart of `uid` for a write in `tx`: lockCart's id, or `{ ofUser }` (see CartRef). */
export async function cartForWrite(tx: Tx, uid: string): Promise<CartRef> {
  return transactionsRunAlone(tx) ? { ofUser: uid } : lockCart(tx, uid);
}

export type ItemRow = typeof cartItems.$inferSelect;

/** A stored line that can still be bought, with its current price and option values. */
export interface LiveLine {
  row: ItemRow;
  item: PricedItem;
  product: CatalogueEntry;
}

export function toLine({ row, item, product }: LiveLine): CartLine {
  return {
    id: row.id,
    productId: row.productId,
    product: { name: product.name, image: product.image, weight: gramsToKg(product.weightGrams) },
    variant: item.variant,
    quantity: row.quantity,
    price: item.pricePaise,
    note: row.note !== "",
    productNote: row.note,
    ...(item.personalisation.length ? { personalisation: item.personalisation } : {}),
  };
}

/** True when the stored price or option values differ from the catalogue's. */
export function isStale({ row, item }: LiveLine): boolean {
  return (
    item.pricePaise !== row.pricePaise ||
    JSON.stringify(item.variant) !== JSON.stringify(row.variant) ||
    JSON.stringify(item.personalisation) !== JSON.stringify(row.personalisation)
  );
}

/** A line to store with absolute values; `id` absent means a new line. */
export interface LineWrite {
  id?: string;
  productId: string;
  key: string;
  variant: VariantChoice;
  quantity: number;
  pricePaise: number;
  productNote: string;
  personalisation: PersonalisedValue[];
}

/** The fields of a line as writeLines' statement names its placeholders (`<field><row>`). */
const LINE_FIELDS = [
  "id",
  "productId",
  "variantKey",
  "variant",
  "quantity",
  "pricePaise",
  "note",
  "personalisation",
] as const;

/**
 * writeLines' statement, built once per shape (docs/decisions/0331-hot-statements-built-once.md):
 * `lines` rows of the cart `cartId`; `ofUser`: with the cart's row made for that user when missing.
 */
const linesWrite = builtOnce(
  ({ lines, ofUser }: { lines: number; ofUser: boolean }) => `${lines}:${ofUser}`,
  ({ lines, ofUser }, db) => {
    const insert = db
      .insert(cartItems)
      .values(
        Array.from({ length: lines }, (_, i) => {
          const at = (field: (typeof LINE_FIELDS)[number]) => sql.placeholder(`${field}${i}`);
          return {
            id: at("id"),
            cartId: sql.placeholder("cartId"),
            productId: at("productId"),
            variantKey: at("variantKey"),
            variant: at("variant"),
            quantity: at("quantity"),
            pricePaise: at("pricePaise"),
            note: at("note"),
            personalisation: at("personalisation"),
            createdAt: sql`clock_timestamp()`,
          };
        }),
      )
      .onConflictDoUpdate({
        target: [cartItems.cartId, cartItems.productId, cartItems.variantKey],
        set: {
          quantity: sql`excluded.quantity`,
          pricePaise: sql`excluded.price_paise`,
          variant: sql`excluded.variant`,
          note: sql`excluded.note`,
          personalisation: sql`excluded.personalisation`,
        },
      });
    if (!ofUser) return insert.getSQL();
    // The lines' foreign key is checked when the statement ends, after the cart's row is made.
    const cartRow = db
      .insert(carts)
      .values({
        id: sql.placeholder("cartId"),
        userId: sql.placeholder("ofUser"),
        updatedAt: sql`now()`,
      })
      .onConflictDoNothing({ target: carts.userId });
    return sql`with cart as (${cartRow.getSQL()}) ${insert.getSQL()}`;
  },
);

/**
 * Stores lines in one statement: new lines are inserted (in the given order, which `lineId()` and
 * `clock_timestamp()` keep), existing lines (same product and variant key) get the given quantity,
 * note, price and option values. Only call it under lockCart (or cartForWrite), with lines of
 * distinct keys. `cart` `{ ofUser }` (cartForWrite took no lock, decision 0314): the cart's row
 * is made for that user in the same statement when missing.
 */
export async function writeLines(
  tx: Tx,
  cartId: string,
  lines: readonly LineWrite[],
  cart: CartRef = cartId,
): Promise<void> {
  if (lines.length === 0) return;
  const ofUser = typeof cart === "string" ? null : cart.ofUser;
  const values: Record<string, unknown> = { cartId, ofUser };
  lines.forEach((line, i) => {
    const row = {
      id: line.id ?? lineId(),
      productId: line.productId,
      variantKey: line.key,
      variant: line.variant,
      quantity: line.quantity,
      pricePaise: line.pricePaise,
      note: line.productNote,
      personalisation: line.personalisation,
    } satisfies Record<(typeof LINE_FIELDS)[number], unknown>;
    for (const field of LINE_FIELDS) values[`${field}${i}`] = row[field];
  });
  await linesWrite.rows(tx, { lines: lines.length, ofUser: ofUser !== null }, values);
}

export const liveWrite = ({ row, item }: LiveLine): LineWrite => ({
  id: row.id,
  productId: row.productId,
  key: row.variantKey,
  variant: item.variant,
  quantity: row.quantity,
  pricePaise: item.pricePaise,
  productNote: row.note,
  personalisation: item.personalisation,
});

/** Deletes the rows that can no longer be bought (one statement). Under lockCart only. */
export async function deleteGone(tx: Tx, cartId: string, gone: readonly ItemRow[]): Promise<void> {
  if (gone.length === 0) return;
  await tx.delete(cartItems).where(
    and(
      eq(cartItems.cartId, cartId),
      inArray(
        cartItems.id,
        gone.map((r) => r.id),
      ),
    ),
  );
}
