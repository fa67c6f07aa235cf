/**
 * The cart's one read (docs/decisions/0280): its lines with their products and the products' stock
 * modes, in one statement through the catalogue's loader, and the clean-up every write does after
 * its lock. Split from cart-lines.server.ts, which prices and writes lines. Server only.
 */
import { eq, inArray, or, type Placeholder, sql, type SQL } from "drizzle-orm";
import type { DbOrTx, Tx } from "~/server/db/client";
import { cartItems, products, users } from "~/server/db/schema";
import { loadPricingWith } from "~/features/catalogue/pricing.server";
import { toValues } from "~/features/personalisation/personalisation";
import type { StockMode } from "~/features/stock/stock";
import {
  deleteGone,
  isStale,
  type CartRef,
  liveWrite,
  priceWith,
  writeLines,
  type CatalogueEntry,
  type ItemRow,
  type LiveLine,
} from "./cart-lines.server";

export interface StoredLines {
  /** Lines that can still be bought, in the order they were added. */
  live: LiveLine[];
  /** Rows that can no longer be bought (not shown; deleted by the next write). */
  gone: ItemRow[];
  catalogue: Map<string, CatalogueEntry>;
  /** With `heldBy`: whether that shopper's unpaid orders hold stock. */
  userHolds: boolean;
  /**
   * With `heldBy`: the ids of that shopper's open (pending, unpaid) catalogue orders, newest first,
   * for replaceOtherOpenOrders (decision 0313); undefined when not asked or no product came back.
   */
  openOrders: string[] | undefined;
  /**
   * The cart's id: the one asked for, or for `{ ofUser }` the user's, read by this statement
   * (undefined when no product came back, null when the user has no row).
   */
  cartId: string | null | undefined;
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
 * `cart`: its id, or `{ ofUser }`, the cart of that user, its id read here too (decision 0314).
 */
export async function loadLines(
  db: DbOrTx,
  cart: CartRef,
  alsoLoad: readonly string[] = [],
  heldBy?: string,
): Promise<StoredLines> {
  // Built once per shape (docs/decisions/0331-hot-statements-built-once.md): the values go in
  // as placeholders, filled below.
  const also = [...new Set(alsoLoad)];
  const ofUser = typeof cart !== "string";
  const usersCart: SQL | undefined = ofUser
    ? sql`(select ${users.cartId} from ${users} where ${users.id} = ${sql.placeholder("cart")})`
    : undefined;
  const cartId = usersCart ?? sql.placeholder("cart");
  const held = sql.placeholder("heldBy");
  const values: Record<string, unknown> = { cart: ofUser ? cart.ofUser : cart, heldBy };
  also.forEach((id, i) => {
    values[`also${i}`] = id;
  });
  const extra = await loadPricingWith(
    db,
    or(
      inArray(
        products.id,
        db.select({ id: cartItems.productId }).from(cartItems).where(eq(cartItems.cartId, cartId)),
      ),
      also.length > 0
        ? inArray(
            products.id,
            also.map((_, i) => sql.placeholder(`also${i}`)),
          )
        : undefined,
    ),
    {
      lines: sql`(select json_agg(json_build_object('id', ci.id, 'variantKey', ci.variant_key,
        'variant', ci.variant, 'quantity', ci.quantity, 'pricePaise', ci.price_paise, 'note', ci.note,
        'personalisation', ci.personalisation,
        'at', (extract(epoch from ci.created_at) * 1000000)::bigint))
        from cart_items ci where ci.cart_id = ${cartId} and ci.product_id = "products"."id")`,
      stockMode: sql`(select s.mode from product_stock s where s.product_id = "products"."id")`,
      ...(heldBy ? { userHolds: userHoldsStock(held), openOrders: openOrdersOf(held) } : {}),
      ...(usersCart ? { cartId: usersCart } : {}),
    },
    { shape: `${ofUser ? "user" : "id"}:${also.length}:${heldBy ? "held" : ""}`, values },
  );
  let readId: string | null | undefined = typeof cart === "string" ? cart : undefined;
  const catalogue = new Map<string, CatalogueEntry>();
  const rows: (ItemRow & { at: number })[] = [];
  let userHolds = false;
  let openOrders: string[] | undefined;
  for (const { product, extra: more } of extra) {
    catalogue.set(product.id, { ...product, stockMode: (more.stockMode as StockMode) ?? null });
    if (typeof cart !== "string") readId = (more.cartId as string | null) ?? null;
    for (const line of (more.lines as LineJson[] | null) ?? [])
      rows.push({
        ...line,
        cartId: readId ?? "",
        productId: product.id,
        createdAt: new Date(line.at / 1000),
      });
    if (more.userHolds === true) userHolds = true;
    if (heldBy) openOrders = (more.openOrders as string[] | null) ?? [];
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
  return { live, gone, catalogue, userHolds, openOrders, cartId: readId };
}

/** A cart line as the stock check counts it. */
export const stocked = ({ row }: LiveLine) => ({
  productId: row.productId,
  key: row.variantKey,
  quantity: row.quantity,
});

/** Whether a product is counted in stock (its holds and cart checks apply; decision 0216). */
export const tracksStock = (entry: CatalogueEntry | undefined): boolean =>
  entry?.stockMode != null && entry.stockMode !== "made_to_order";

/** Whether the shopper's unpaid orders hold stock now (a create-order then releases them). */
const userHoldsStock = (uid: Placeholder) =>
  sql`exists (select 1 from stock_holds h join orders o on o.id = h.order_id
    where o.user_id = ${uid} and h.state = 'held')`;

/** The shopper's open catalogue orders, newest first (as replaceOtherOpenOrders orders them). */
const openOrdersOf = (uid: Placeholder) =>
  sql`(select json_agg(o.id order by o.created_at desc, o.id desc) from orders o
    where o.user_id = ${uid} and o.kind = 'catalogue' and o.status = 'pending'
    and o.paid_at is null)`;

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
