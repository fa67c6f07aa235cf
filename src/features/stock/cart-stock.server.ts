/**
 * The cart's stock check (docs/decisions/0216-stock-modes-and-holds.md): an add or a quantity
 * change beyond what can still be bought is a 400 with cart's sentence. The shopper's own unpaid
 * order's holds do not count against their cart (it holds the same pieces).
 */
import type { DbOrTx } from "~/server/db/client";
import { HttpError } from "~/server/http";
import { cartRefusal, lineNote } from "./stock";
import { availabilityIn, levelKey, loadStock } from "./stock.server";

export interface StockedLine {
  productId: string;
  /** The line's variant key (cart.ts variantKey). */
  key: string;
  quantity: number;
}

/** Refuses the cart `after` when the changed line's level holds more than is left. */
export async function refuseBeyondStock(
  db: DbOrTx,
  uid: string,
  before: readonly StockedLine[],
  after: readonly StockedLine[],
  changed: { productId: string; key: string },
  now = new Date(),
): Promise<void> {
  const views = await loadStock(db, [changed.productId], now, { exceptUser: uid });
  const view = views.get(changed.productId);
  if (!view || view.mode === "made_to_order") return;
  const level = levelKey(view, changed.key);
  const atLevel = (lines: readonly StockedLine[]) =>
    lines
      .filter((l) => l.productId === changed.productId && levelKey(view, l.key) === level)
      .reduce((sum, l) => sum + l.quantity, 0);
  const wanted = atLevel(after);
  const inCart = atLevel(before);
  if (wanted <= inCart) return; // lowering never refuses
  const refusal = cartRefusal(availabilityIn(view, level).left, inCart, wanted);
  if (refusal) throw new HttpError(400, refusal);
}

/** The drawer's note per line (by index): a line that became unavailable since it was added. */
export async function cartLineNotes(
  db: DbOrTx,
  uid: string,
  lines: readonly StockedLine[],
  now = new Date(),
): Promise<(string | null)[]> {
  const views = await loadStock(
    db,
    lines.map((l) => l.productId),
    now,
    { exceptUser: uid },
  );
  return lines.map((l) => {
    const view = views.get(l.productId);
    if (!view || view.mode === "made_to_order") return null;
    const level = levelKey(view, l.key);
    const atLevel = lines
      .filter((o) => o.productId === l.productId && levelKey(view, o.key) === level)
      .reduce((sum, o) => sum + o.quantity, 0);
    return lineNote(availabilityIn(view, level).left, atLevel);
  });
}
