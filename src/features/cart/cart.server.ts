/**
 * Account carts in the database (docs/product.md §4 "Authenticated", §7 Cart calls). Server only; what checkout and a
 * paid order do with the cart is in cart-checkout.server.ts.
 *
 * - One cart per user; its id is the user's `cartId` (docs/product.md §3 User.cartId). The `carts` row is
 *   created on the first write and locked (`select ... for update`) by every write, so two requests
 *   of the same user never interleave.
 * - Every line is priced here from the database: the product's base price plus the chosen options'
 *   additional prices. Whatever price, name, image or weight a client sends is ignored.
 * - A choice must name one option (by id) of every variant group of an active product
 *   (`resolveChoice` in resolve-choice.ts, the rule the product page applies too); otherwise 400 with the reason.
 * - Every answer re-prices the lines from the current catalogue and leaves out lines that can no
 *   longer be bought (product inactive, option removed, or a group added since), so it never shows
 *   a stale price. Reading (GET) writes nothing: the stored rows are brought up to date only by the
 *   writes (POST, DELETE, merge), inside their transaction and under the cart lock (`cleanCart`).
 */
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "~/server/db/client";
import { getDb } from "~/server/db/client";
import { cartItems } from "~/server/db/schema";
import { HttpError } from "~/server/http";
import {
  claimGuestPhotos,
  NOT_YOUR_PHOTO,
  ownsPhotos,
  photoIdsOf,
} from "~/features/personalisation/photo-access.server";
import { cartLineNotes, refuseBeyondStock } from "~/features/stock/cart-stock.server";
import {
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  quantityCapMessage,
  mergeLines,
  toAnswer,
  variantKey,
  type CartAnswer,
  type MergeAnswer,
} from "./cart";
import {
  lineKey,
  valuesKey,
  type PersonalisationValues,
} from "~/features/personalisation/personalisation";
import {
  cartForWrite,
  deleteGone,
  isStale,
  liveWrite,
  lockCart,
  priceWith,
  toLine,
  userCartId,
  writeLines,
  type ItemRow,
  type LineWrite,
  type LiveLine,
  type PricedItem,
  type PriceInput,
} from "./cart-lines.server";
import { lineId } from "./line-id.server";
import { cleanCart, loadLines, stocked, tracksStock } from "./cart-read.server";

/**
 * The cart as the API answers it, lines in the order they were added, re-priced from the current
 * catalogue; lines that can no longer be bought are left out. Writes nothing (GET runs it outside
 * any transaction); the writes store the cleaned-up lines through cleanCart.
 */
export async function readCart(db: DbOrTx, cartId: string): Promise<CartAnswer> {
  const { live } = await loadLines(db, cartId);
  return toAnswer(cartId, live.map(toLine));
}

/** GET /v2/carts; a line sold (or fewer left) since it was added says so (docs/decisions/0216). */
export async function getCartFor(uid: string): Promise<CartAnswer> {
  const db = await getDb();
  const cartId = await userCartId(db, uid);
  const answer = await readCart(db, cartId);
  const notes = await cartLineNotes(
    db,
    uid,
    answer.items.map((l) => ({
      productId: l.productId,
      key: variantKey(l.variant),
      quantity: l.quantity,
    })),
  );
  return {
    ...answer,
    items: answer.items.map((l, i) => (notes[i] ? { ...l, stockNote: notes[i] } : l)),
  };
}

/**
 * POST /v2/carts: adds a line, or raises the quantity of the same product and variant choice; an
 * add that would pass MAX_LINE_QUANTITY is a 400 that says so. A non-empty note replaces the line's note.
 */
export async function addItemFor(uid: string, input: PriceInput): Promise<CartAnswer> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    // Lock, read the lines and the products (the cart's and the one added) once, write once; where
    // transactions run one at a time the transaction is the lock (docs/decisions/0314).
    const cart = await cartForWrite(tx, uid);
    const { live, gone, catalogue, cartId } = await loadLines(tx, cart, [input.productId]);
    const priced = priceWith(catalogue, input);
    if (!priced.ok) throw new HttpError(400, priced.reason);
    if (!cartId) throw new HttpError(401, "Please log in to continue.");
    const { item } = priced;
    // A line carries only photos its shopper uploaded (docs/decisions/0262).
    if (!(await ownsPhotos(tx, uid, photoIdsOf(item.personalisation))))
      throw new HttpError(400, NOT_YOUR_PHOTO);
    const index = live.findIndex(
      ({ row }) => row.productId === item.productId && row.variantKey === item.key,
    );
    const existingLine = index >= 0 ? live[index] : undefined;
    const inCart = existingLine?.row.quantity ?? 0;
    if (inCart + item.quantity > MAX_LINE_QUANTITY)
      throw new HttpError(400, quantityCapMessage(inCart));
    if (!existingLine && live.length >= MAX_CART_LINES) {
      throw new HttpError(
        400,
        `Your cart already holds ${MAX_CART_LINES} different items; remove one to add another.`,
      );
    }
    const added: LiveLine = {
      row: {
        ...(existingLine?.row ?? {
          id: lineId(),
          cartId,
          productId: item.productId,
          variantKey: item.key,
        }),
        variant: item.variant,
        quantity: inCart + item.quantity,
        pricePaise: item.pricePaise,
        // A non-empty note replaces the line's note.
        note: item.productNote !== "" ? item.productNote : (existingLine?.row.note ?? ""),
        personalisation: item.personalisation,
      } as ItemRow,
      item,
      product: catalogue.get(item.productId)!,
    };
    const lines = existingLine
      ? live.map((line, i) => (i === index ? added : line))
      : [...live, added];
    // Ready-made pieces: never more in the cart than can be bought (docs/decisions/0216); the
    // read above says whether the product is counted at all (docs/decisions/0280).
    if (tracksStock(catalogue.get(item.productId)))
      await refuseBeyondStock(tx, uid, live.map(stocked), lines.map(stocked), {
        productId: item.productId,
        key: item.key,
      });
    await deleteGone(tx, cartId, gone);
    await writeLines(
      tx,
      cartId,
      [...lines.filter((line) => line !== added && isStale(line)).map(liveWrite), liveWrite(added)],
      cart,
    );
    return toAnswer(cartId, lines.map(toLine));
  });
}

/** DELETE /v2/carts?prod_id=: removes the line of this product and variant choice (no-op when absent). */
export async function removeItemFor(
  uid: string,
  productId: string,
  variant: Record<string, { id: string }>,
  personalisation: PersonalisationValues = {},
): Promise<CartAnswer> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const cartId = await lockCart(tx, uid);
    const live = await cleanCart(tx, cartId);
    const key = lineKey(variantKey(variant), valuesKey(personalisation));
    await tx
      .delete(cartItems)
      .where(
        and(
          eq(cartItems.cartId, cartId),
          eq(cartItems.productId, productId),
          eq(cartItems.variantKey, key),
        ),
      );
    const kept = live.filter(({ row }) => !(row.productId === productId && row.variantKey === key));
    return toAnswer(cartId, kept.map(toLine));
  });
}

/**
 * PATCH /v2/carts?prod_id=: sets the quantity of the line of this product and variant choice
 * (the drawer's − and +, docs/product.md §2 Cart drawer); a line that is not there is a 404.
 */
export async function setQuantityFor(
  uid: string,
  productId: string,
  variant: Record<string, { id: string }>,
  quantity: number,
  personalisation: PersonalisationValues = {},
): Promise<CartAnswer> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const cartId = await lockCart(tx, uid);
    const live = await cleanCart(tx, cartId);
    const key = lineKey(variantKey(variant), valuesKey(personalisation));
    const index = live.findIndex(
      ({ row }) => row.productId === productId && row.variantKey === key,
    );
    const line = live[index];
    if (!line) throw new HttpError(404, "This item is no longer in your cart.");
    const changed: LiveLine = { ...line, row: { ...line.row, quantity } };
    const after = live.map((each, i) => (i === index ? changed : each));
    if (tracksStock(line.product))
      await refuseBeyondStock(tx, uid, live.map(stocked), after.map(stocked), { productId, key });
    await writeLines(tx, cartId, [liveWrite(changed)]);
    return toAnswer(
      cartId,
      live.map((each, i) => toLine(i === index ? changed : each)),
    );
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
 * PUT /v2/carts-merge: sums the guest lines into the account cart (docs/product.md §4 'Merge Carts').
 * Lines of the same product and variant add up (capped); each guest line is priced here.
 * A guest line that cannot be bought any more (product gone or inactive, option removed) or that
 * does not fit (cart full) is skipped and listed in `skipped`, so one stale line never blocks the rest.
 */
export async function mergeItemsFor(
  uid: string,
  inputs: readonly PriceInput[],
  guestPhotoKeyHash: string | null = null,
): Promise<MergeAnswer> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const cartId = await lockCart(tx, uid);
    // The guest cart's photos move with its lines (docs/decisions/0262).
    await claimGuestPhotos(tx, uid, guestPhotoKeyHash);
    const { live, gone, catalogue } = await loadLines(
      tx,
      cartId,
      inputs.map((i) => i.productId),
    );
    const skipped: MergeAnswer["skipped"] = [];
    const incoming: PricedItem[] = [];
    for (const input of inputs) {
      const priced = priceWith(catalogue, input);
      if (!priced.ok) skipped.push({ productId: input.productId, reason: priced.reason });
      else if (!(await ownsPhotos(tx, uid, photoIdsOf(priced.item.personalisation))))
        skipped.push({ productId: input.productId, reason: NOT_YOUR_PHOTO });
      else incoming.push(priced.item);
    }
    // The live lines with their current prices; lines that can no longer be bought are deleted first,
    // so they neither take a place in the cart nor come back.
    const existing = live.map((line) => ({ ...line.item, line }));
    const { lines, overflow } = mergeLines<PricedItem & { line?: LiveLine }>(existing, incoming);
    for (const line of overflow) {
      skipped.push({
        productId: line.productId,
        reason: `Your cart already holds ${MAX_CART_LINES} different items.`,
      });
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
        personalisation: merged.personalisation,
      };
      if (
        !line ||
        isStale(line) ||
        line.row.quantity !== merged.quantity ||
        line.row.note !== merged.productNote
      )
        writes.push(write);
    }
    await deleteGone(tx, cartId, gone);
    await writeLines(tx, cartId, writes);
    return { ...(await readCart(tx, cartId)), skipped };
  });
}
