/**
 * The cart's lines in the database, priced from the catalogue (through its loader): reading them,
 * telling live lines from ones that can no longer be bought, and writing them in one statement.
 * Used by the cart's operations in cart.server.ts (and, through them, checkout). Server only.
 */
import { randomBytes } from "node:crypto";
import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "~/server/db/client";
import { cartItems, carts, products, users } from "~/server/db/schema";
import { HttpError } from "~/server/http";
import { gramsToKg } from "~/features/catalogue/catalogue";
import { loadPricingWith, type PricingProduct } from "~/features/catalogue/pricing.server";
import type { StockMode } from "~/features/stock/stock";
import type { CartLine, VariantChoice } from "./cart";
import { resolveChoice } from "./resolve-choice";
import type { CartItemInput } from "./cart.schema";
import {
  addOnPrice,
  lineKey,
  personalisationKey,
  toPersonalised,
  toValues,
  type PersonalisationValues,
  type PersonalisedValue,
} from "~/features/personalisation/personalisation";
import { checkValues } from "~/features/personalisation/personalisation.schema";

let lastMs = 0;
let seq = 0;

/**
 * A line id that sorts in creation order within this process (time, then a counter, then random
 * bits). Lines are listed by `created_at, id`; PGlite keeps only milliseconds, so lines added in the
 * same millisecond (a merge) keep their order through the id.
 */
export function lineId(): string {
  const now = Math.max(Date.now(), lastMs);
  if (now === lastMs) seq++;
  else {
    lastMs = now;
    seq = 0;
  }
  return `${now.toString(16).padStart(12, "0")}-${seq.toString(16).padStart(6, "0")}-${randomBytes(8).toString("hex")}`;
}

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

export type ItemRow = typeof cartItems.$inferSelect;

/** A stored line that can still be bought, with its current price and option values. */
export interface LiveLine {
  row: ItemRow;
  item: PricedItem;
  product: CatalogueEntry;
}

export interface StoredLines {
  /** Lines that can still be bought, in the order they were added. */
  live: LiveLine[];
  /** Rows that can no longer be bought (not shown; deleted by the next write). */
  gone: ItemRow[];
  catalogue: Map<string, CatalogueEntry>;
  /** With `heldBy`: whether that shopper's unpaid orders hold stock. */
  userHolds: boolean;
}

/** A cart row as the one read answers it (json_build_object below). */
interface LineJson extends Omit<ItemRow, "createdAt" | "cartId" | "productId"> {
  /** created_at in microseconds since 1970, for the order lines were added in. */
  at: number;
}

/**
 * The cart's rows, priced from the current catalogue (no writes), in ONE statement: the products of
 * the cart's lines (and of `alsoLoad`, the lines a merge or an add brings), each with its lines and
 * its stock mode (docs/decisions/0280). A line's product cannot be missing: deleting a product
 * deletes its cart lines. `heldBy`: also answer whether that shopper's unpaid orders hold stock.
 */
export async function loadLines(
  db: DbOrTx,
  cartId: string,
  alsoLoad: readonly string[] = [],
  heldBy?: string,
): Promise<StoredLines> {
  const extra = await loadPricingWith(
    db,
    or(
      inArray(
        products.id,
        db.select({ id: cartItems.productId }).from(cartItems).where(eq(cartItems.cartId, cartId)),
      ),
      alsoLoad.length > 0 ? inArray(products.id, [...new Set(alsoLoad)]) : undefined,
    ),
    {
      lines: sql`(select json_agg(json_build_object('id', ci.id, 'variantKey', ci.variant_key,
        'variant', ci.variant, 'quantity', ci.quantity, 'pricePaise', ci.price_paise, 'note', ci.note,
        'personalisation', ci.personalisation,
        'at', (extract(epoch from ci.created_at) * 1000000)::bigint))
        from cart_items ci where ci.cart_id = ${cartId} and ci.product_id = "products"."id")`,
      stockMode: sql`(select s.mode from product_stock s where s.product_id = "products"."id")`,
      ...(heldBy ? { userHolds: userHoldsStock(heldBy) } : {}),
    },
  );
  const catalogue = new Map<string, CatalogueEntry>();
  const rows: (ItemRow & { at: number })[] = [];
  let userHolds = false;
  for (const { product, extra: more } of extra) {
    catalogue.set(product.id, { ...product, stockMode: (more.stockMode as StockMode) ?? null });
    for (const line of (more.lines as LineJson[] | null) ?? [])
      rows.push({ ...line, cartId, productId: product.id, createdAt: new Date(line.at / 1000) });
    if (more.userHolds === true) userHolds = true;
  }
  rows.sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const live: LiveLine[] = [];
  const gone: ItemRow[] = [];
  for (const { at: _at, ...row } of rows) {
    const priced = priceWith(catalogue, {
      productId: row.productId,
      variant: row.variant,
      quantity: row.quantity,
      productNote: row.note,
      personalisation: toValues(row.personalisation),
    });
    if (!priced.ok || priced.item.key !== row.variantKey) gone.push(row);
    else live.push({ row, item: priced.item, product: catalogue.get(row.productId)! });
  }
  return { live, gone, catalogue, userHolds };
}

/** Whether a product is counted in stock (its holds and cart checks apply; decision 0216). */
export const tracksStock = (entry: CatalogueEntry | undefined): boolean =>
  entry?.stockMode != null && entry.stockMode !== "made_to_order";

/** Whether the shopper's unpaid orders hold stock now (a create-order then releases them). */
const userHoldsStock = (uid: string) =>
  sql`exists (select 1 from stock_holds h join orders o on o.id = h.order_id
    where o.user_id = ${uid} and h.state = 'held')`;

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

/**
 * Stores lines in one statement: new lines are inserted (in the given order, which `lineId()` and
 * `clock_timestamp()` keep), existing lines (same product and variant key) get the given quantity,
 * note, price and option values. Only call it under lockCart, with lines of distinct keys.
 */
export async function writeLines(
  tx: Tx,
  cartId: string,
  lines: readonly LineWrite[],
): Promise<void> {
  if (lines.length === 0) return;
  await tx
    .insert(cartItems)
    .values(
      lines.map((line) => ({
        id: line.id ?? lineId(),
        cartId,
        productId: line.productId,
        variantKey: line.key,
        variant: line.variant,
        quantity: line.quantity,
        pricePaise: line.pricePaise,
        note: line.productNote,
        personalisation: line.personalisation,
        createdAt: sql`clock_timestamp()`,
      })),
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

/**
 * Brings the stored rows up to date (see the file comment): deletes the lines that can no longer be
 * bought and stores the current price and option values of the others, in at most two statements.
 * Every write runs it inside its transaction, right after lockCart. Returns the live lines.
 */
export async function cleanCart(tx: Tx, cartId: string): Promise<LiveLine[]> {
  const { live, gone } = await loadLines(tx, cartId);
  await deleteGone(tx, cartId, gone);
  await writeLines(tx, cartId, live.filter(isStale).map(liveWrite));
  return live;
}
