/**
 * Account carts in the database (SPEC §4 "Authenticated", §7 Cart calls). Server only.
 *
 * - One cart per user; its id is the user's `cartId` (SPEC §3 User.cartId). The `carts` row is
 *   created on the first write and locked (`select ... for update`) by every write, so two requests
 *   of the same user never interleave.
 * - Every line is priced here from the database: the product's base price plus the chosen options'
 *   additional prices. Whatever price, name, image or weight a client sends is ignored.
 * - A choice must name one option (by id) of every variant group of an active product
 *   (`resolveChoice` in cart.ts, the rule the product page applies too); otherwise 400 with the reason.
 * - Every answer re-prices the lines from the current catalogue and leaves out lines that can no
 *   longer be bought (product inactive, option removed, or a group added since), so it never shows
 *   a stale price. Reading (GET) writes nothing: the stored rows are brought up to date only by the
 *   writes (POST, DELETE, merge), inside their transaction and under the cart lock (`cleanCart`).
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../server/db/client";
import { getDb } from "../../server/db/client";
import { cartItems, carts, users } from "../../server/db/schema";
import { HttpError } from "../../server/http";
import { gramsToKg } from "../catalogue/catalogue";
import { loadPricingProducts, type PricingProduct } from "../catalogue/pricing.server";
import {
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  quantityCapMessage,
  mergeLines,
  resolveChoice,
  toAnswer,
  variantKey,
  type CartAnswer,
  type CartLine,
  type MergeAnswer,
  type VariantChoice,
} from "./cart";
import type { CartItemInput } from "./cart.schema";

let lastMs = 0;
let seq = 0;

/**
 * A line id that sorts in creation order within this process (time, then a counter, then random
 * bits). Lines are listed by `created_at, id`; PGlite keeps only milliseconds, so lines added in the
 * same millisecond (a merge) keep their order through the id.
 */
function lineId(): string {
  const now = Math.max(Date.now(), lastMs);
  if (now === lastMs) seq++;
  else {
    lastMs = now;
    seq = 0;
  }
  return `${now.toString(16).padStart(12, "0")}-${seq.toString(16).padStart(6, "0")}-${randomBytes(8).toString("hex")}`;
}

type CatalogueEntry = PricingProduct;
const loadProducts = loadPricingProducts;

interface PricedItem {
  productId: string;
  variant: VariantChoice;
  key: string;
  quantity: number;
  productNote: string;
  pricePaise: number;
}

type PriceResult = { ok: true; item: PricedItem } | { ok: false; reason: string };

/** Prices one requested line from the catalogue, or says why it cannot be bought. */
function priceWith(catalogue: Map<string, CatalogueEntry>, input: CartItemInput): PriceResult {
  const product = catalogue.get(input.productId);
  if (!product) return { ok: false, reason: `Product "${input.productId}" does not exist.` };
  if (product.status !== "active") return { ok: false, reason: `"${product.name}" is not available right now.` };
  const choice = resolveChoice(product, input.variant);
  if (!choice.ok) return { ok: false, reason: choice.reason };
  return {
    ok: true,
    item: {
      productId: product.id,
      variant: choice.variant,
      key: choice.key,
      quantity: input.quantity,
      productNote: input.productNote,
      pricePaise: product.pricePaise + choice.extra,
    },
  };
}

/** The user's cart id (their `cartId`); 401 when the signed-in user has no account row. */
async function userCartId(db: DbOrTx, uid: string): Promise<string> {
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
async function lockCart(tx: Tx, uid: string): Promise<string> {
  const [row] = await tx
    .insert(carts)
    .select(tx.select({ id: users.cartId, userId: users.id, updatedAt: sql`now()`.as("updated_at") }).from(users).where(eq(users.id, uid)))
    .onConflictDoUpdate({ target: carts.userId, set: { updatedAt: sql`now()` } })
    .returning({ id: carts.id });
  if (!row) throw new HttpError(401, "Please log in to continue.");
  return row.id;
}

type ItemRow = typeof cartItems.$inferSelect;

/** A stored line that can still be bought, with its current price and option values. */
interface LiveLine {
  row: ItemRow;
  item: PricedItem;
  product: CatalogueEntry;
}

interface StoredLines {
  /** Lines that can still be bought, in the order they were added. */
  live: LiveLine[];
  /** Rows that can no longer be bought (not shown; deleted by the next write). */
  gone: ItemRow[];
  catalogue: Map<string, CatalogueEntry>;
}

/**
 * The cart's rows, priced from the current catalogue (no writes). `alsoLoad` names more products
 * to load into the same catalogue map (the lines a merge brings).
 */
async function loadLines(db: DbOrTx, cartId: string, alsoLoad: readonly string[] = []): Promise<StoredLines> {
  const rows = await db
    .select()
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  const catalogue = await loadProducts(db, [...rows.map((r) => r.productId), ...alsoLoad]);
  const live: LiveLine[] = [];
  const gone: ItemRow[] = [];
  for (const row of rows) {
    const priced = priceWith(catalogue, { productId: row.productId, variant: row.variant, quantity: row.quantity, productNote: row.note });
    if (!priced.ok || priced.item.key !== row.variantKey) gone.push(row);
    else live.push({ row, item: priced.item, product: catalogue.get(row.productId)! });
  }
  return { live, gone, catalogue };
}

function toLine({ row, item, product }: LiveLine): CartLine {
  return {
    id: row.id,
    productId: row.productId,
    product: { name: product.name, image: product.image, weight: gramsToKg(product.weightGrams) },
    variant: item.variant,
    quantity: row.quantity,
    price: item.pricePaise,
    note: row.note !== "",
    productNote: row.note,
  };
}

/** True when the stored price or option values differ from the catalogue's. */
function isStale({ row, item }: LiveLine): boolean {
  return item.pricePaise !== row.pricePaise || JSON.stringify(item.variant) !== JSON.stringify(row.variant);
}

/** A line to store with absolute values; `id` absent means a new line. */
interface LineWrite {
  id?: string;
  productId: string;
  key: string;
  variant: VariantChoice;
  quantity: number;
  pricePaise: number;
  productNote: string;
}

/**
 * Stores lines in one statement: new lines are inserted (in the given order, which `lineId()` and
 * `clock_timestamp()` keep), existing lines (same product and variant key) get the given quantity,
 * note, price and option values. Only call it under lockCart, with lines of distinct keys.
 */
async function writeLines(tx: Tx, cartId: string, lines: readonly LineWrite[]): Promise<void> {
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
      },
    });
}

const liveWrite = ({ row, item }: LiveLine): LineWrite => ({
  id: row.id,
  productId: row.productId,
  key: row.variantKey,
  variant: item.variant,
  quantity: row.quantity,
  pricePaise: item.pricePaise,
  productNote: row.note,
});

/** Deletes the rows that can no longer be bought (one statement). Under lockCart only. */
async function deleteGone(tx: Tx, cartId: string, gone: readonly ItemRow[]): Promise<void> {
  if (gone.length === 0) return;
  await tx.delete(cartItems).where(and(eq(cartItems.cartId, cartId), inArray(cartItems.id, gone.map((r) => r.id))));
}

/**
 * Brings the stored rows up to date (see the file comment): deletes the lines that can no longer be
 * bought and stores the current price and option values of the others, in at most two statements.
 * Every write runs it inside its transaction, right after lockCart. Returns the live lines.
 */
async function cleanCart(tx: Tx, cartId: string): Promise<LiveLine[]> {
  const { live, gone } = await loadLines(tx, cartId);
  await deleteGone(tx, cartId, gone);
  await writeLines(tx, cartId, live.filter(isStale).map(liveWrite));
  return live;
}

/**
 * The cart as the API answers it, lines in the order they were added, re-priced from the current
 * catalogue; lines that can no longer be bought are left out. Writes nothing (GET runs it outside
 * any transaction); the writes store the cleaned-up lines through cleanCart.
 */
export async function readCart(db: DbOrTx, cartId: string): Promise<CartAnswer> {
  const { live } = await loadLines(db, cartId);
  return toAnswer(cartId, live.map(toLine));
}

/** GET /v2/carts */
export async function getCartFor(uid: string): Promise<CartAnswer> {
  const db = await getDb();
  const cartId = await userCartId(db, uid);
  return readCart(db, cartId);
}

/**
 * POST /v2/carts: adds a line, or raises the quantity of the same product and variant choice; an
 * add that would pass MAX_LINE_QUANTITY is a 400 that says so. A non-empty note replaces the line's note.
 */
export async function addItemFor(uid: string, input: CartItemInput): Promise<CartAnswer> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    // Lock, read the lines and the products (the cart's and the one added) once, write once.
    const cartId = await lockCart(tx, uid);
    const { live, gone, catalogue } = await loadLines(tx, cartId, [input.productId]);
    const priced = priceWith(catalogue, input);
    if (!priced.ok) throw new HttpError(400, priced.reason);
    const { item } = priced;
    const index = live.findIndex(({ row }) => row.productId === item.productId && row.variantKey === item.key);
    const existingLine = index >= 0 ? live[index] : undefined;
    const inCart = existingLine?.row.quantity ?? 0;
    if (inCart + item.quantity > MAX_LINE_QUANTITY) throw new HttpError(400, quantityCapMessage(inCart));
    if (!existingLine && live.length >= MAX_CART_LINES) {
      throw new HttpError(400, `Your cart already holds ${MAX_CART_LINES} different items; remove one to add another.`);
    }
    const added: LiveLine = {
      row: {
        ...(existingLine?.row ?? { id: lineId(), cartId, productId: item.productId, variantKey: item.key }),
        variant: item.variant,
        quantity: inCart + item.quantity,
        pricePaise: item.pricePaise,
        // A non-empty note replaces the line's note.
        note: item.productNote !== "" ? item.productNote : (existingLine?.row.note ?? ""),
      } as ItemRow,
      item,
      product: catalogue.get(item.productId)!,
    };
    const lines = existingLine ? live.map((line, i) => (i === index ? added : line)) : [...live, added];
    await deleteGone(tx, cartId, gone);
    await writeLines(tx, cartId, [...lines.filter((line) => line !== added && isStale(line)).map(liveWrite), liveWrite(added)]);
    return toAnswer(cartId, lines.map(toLine));
  });
}

/** DELETE /v2/carts?prod_id=: removes the line of this product and variant choice (no-op when absent). */
export async function removeItemFor(uid: string, productId: string, variant: Record<string, { id: string }>): Promise<CartAnswer> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const cartId = await lockCart(tx, uid);
    const live = await cleanCart(tx, cartId);
    const key = variantKey(variant);
    await tx.delete(cartItems).where(and(eq(cartItems.cartId, cartId), eq(cartItems.productId, productId), eq(cartItems.variantKey, key)));
    const kept = live.filter(({ row }) => !(row.productId === productId && row.variantKey === key));
    return toAnswer(cartId, kept.map(toLine));
  });
}

/** DELETE /v2/clear-cart */
export async function clearCartFor(uid: string): Promise<CartAnswer> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const cartId = await lockCart(tx, uid);
    await tx.delete(cartItems).where(eq(cartItems.cartId, cartId));
    return toAnswer(cartId, []);
  });
}

/**
 * PUT /v2/carts-merge: sums the guest lines into the account cart (SPEC §4 'Merge Carts').
 * Lines of the same product and variant add up (capped); each guest line is priced here.
 * A guest line that cannot be bought any more (product gone or inactive, option removed) or that
 * does not fit (cart full) is skipped and listed in `skipped`, so one stale line never blocks the rest.
 */
export async function mergeItemsFor(uid: string, inputs: readonly CartItemInput[]): Promise<MergeAnswer> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const cartId = await lockCart(tx, uid);
    const { live, gone, catalogue } = await loadLines(
      tx,
      cartId,
      inputs.map((i) => i.productId),
    );
    const skipped: MergeAnswer["skipped"] = [];
    const incoming: PricedItem[] = [];
    for (const input of inputs) {
      const priced = priceWith(catalogue, input);
      if (priced.ok) incoming.push(priced.item);
      else skipped.push({ productId: input.productId, reason: priced.reason });
    }
    // The live lines with their current prices; lines that can no longer be bought are deleted first,
    // so they neither take a place in the cart nor come back.
    const existing = live.map((line) => ({ ...line.item, line }));
    const { lines, overflow } = mergeLines<PricedItem & { line?: LiveLine }>(existing, incoming);
    for (const line of overflow) {
      skipped.push({ productId: line.productId, reason: `Your cart already holds ${MAX_CART_LINES} different items.` });
    }
    const writes: LineWrite[] = [];
    for (const merged of lines) {
      const { line } = merged;
      const write: LineWrite = {
        id: line?.row.id,
        productId: merged.productId,
        key: merged.key,
        variant: merged.variant,
        quantity: merged.quantity,
        pricePaise: merged.pricePaise,
        productNote: merged.productNote,
      };
      if (!line || isStale(line) || line.row.quantity !== merged.quantity || line.row.note !== merged.productNote) writes.push(write);
    }
    await deleteGone(tx, cartId, gone);
    await writeLines(tx, cartId, writes);
    return { ...(await readCart(tx, cartId)), skipped };
  });
}

/** Checkout: a line of the caller's cart priced from the current catalogue. */
export interface CheckoutLine {
  productId: string;
  name: string;
  image: string;
  weightGrams: number;
  variant: VariantChoice;
  quantity: number;
  pricePaise: number;
  productNote: string;
}

/**
 * Checkout: locks the user's cart for the rest of the transaction and answers its lines that can
 * still be bought, at current prices (no writes besides the lock).
 */
export async function lockedCheckoutLines(tx: Tx, uid: string): Promise<{ cartId: string; lines: CheckoutLine[] }> {
  const cartId = await lockCart(tx, uid);
  const { live } = await loadLines(tx, cartId);
  return {
    cartId,
    lines: live.map(({ row, item, product }) => ({
      productId: row.productId,
      name: product.name,
      image: product.image,
      weightGrams: product.weightGrams,
      variant: item.variant,
      quantity: row.quantity,
      pricePaise: item.pricePaise,
      productNote: row.note,
    })),
  };
}

/** Paid order: empties the user's cart inside the caller's transaction. */
export async function clearCartInTx(tx: Tx, uid: string): Promise<void> {
  const cartId = await lockCart(tx, uid);
  await tx.delete(cartItems).where(eq(cartItems.cartId, cartId));
}
