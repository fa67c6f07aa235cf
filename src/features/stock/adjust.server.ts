/**
 * The owner's stock writes (docs/decisions/0218-stock-owner-tools.md): a product's stock settings
 * and adjustments with a reason, each under the product's stock row lock, kept in
 * stock_adjustments and the audit trail; a count may never go below what unpaid orders hold.
 */
import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, gt, sql } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "~/server/db/client";
import {
  productStock,
  productVariants,
  products,
  stockAdjustments,
  stockHolds,
  stockLevels,
} from "~/server/db/schema";
import { bumpCatalogueVersion } from "~/server/db/catalogue-version";
import { HttpError } from "~/server/http";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import { mailIfLow } from "./low-stock.server";
import type { AdjustmentInput, StockSettingsInput } from "./stock.schema";
import type { AdjustmentReason } from "./stock";

const adjustmentId = () => `sa_${Date.now().toString(36)}_${randomBytes(5).toString("hex")}`;

/** Locks the product's stock row (made when missing); 404 when the product is not there. */
async function lockProduct(tx: Tx, productId: string) {
  const [product] = await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) throw new HttpError(404, "Product not found");
  await tx.insert(productStock).values({ productId, mode: "made_to_order" }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(productStock)
    .where(eq(productStock.productId, productId))
    .for("update");
  return row!;
}

/** Pieces live holds keep, by level key. */
async function heldNow(tx: Tx, productId: string, now: Date): Promise<Map<string, number>> {
  const rows = await tx
    .select({ combo: stockHolds.combo, n: sql<string>`sum(${stockHolds.quantity})` })
    .from(stockHolds)
    .where(
      and(
        eq(stockHolds.productId, productId),
        eq(stockHolds.state, "held"),
        gt(stockHolds.expiresAt, now),
      ),
    )
    .groupBy(stockHolds.combo);
  return new Map(rows.map((r) => [r.combo, Number(r.n)]));
}

const belowHeld = (field: string, held: number) =>
  new HttpError(
    400,
    `${field}: ${held} ${held === 1 ? "piece is" : "pieces are"} held by unpaid orders; the count cannot go below ${held}.`,
  );

/** Sets a level and records the change (reason "counted" from the settings). */
export async function writeLevel(
  tx: Tx,
  actor: AuditActor,
  productId: string,
  combo: string,
  onHand: number,
  reason: AdjustmentReason,
  note: string,
  now: Date,
) {
  const [before] = await tx
    .select({ onHand: stockLevels.onHand })
    .from(stockLevels)
    .where(and(eq(stockLevels.productId, productId), eq(stockLevels.combo, combo)));
  const was = before?.onHand ?? 0;
  await tx
    .insert(stockLevels)
    .values({ productId, combo, onHand, updatedAt: now })
    .onConflictDoUpdate({
      target: [stockLevels.productId, stockLevels.combo],
      set: { onHand, updatedAt: now },
    });
  if (was === onHand && before) return;
  await tx.insert(stockAdjustments).values({
    id: adjustmentId(),
    productId,
    combo,
    change: onHand - was,
    onHandAfter: onHand,
    reason,
    note,
    actorEmail: actor.email ?? "",
    createdAt: now,
  });
  await recordAudit(
    tx,
    actor,
    {
      action: "stock.adjust",
      entity: "product",
      entityId: productId,
      before: { onHand: was, combo },
      after: { onHand, combo, reason, note },
    },
    now,
  );
}

/**
 * The option combinations a product can be bought in: each one's key (sorted option ids,
 * comma-joined, as the cart keys a line) and its label ("Colour: Blue, Size: A4"), in the options'
 * order; none for a product without options. The owner's stock panel counts per combination with
 * them (docs/decisions/0272-stock-per-combination-panel.md).
 */
export async function productCombinations(
  db: DbOrTx,
  productId: string,
): Promise<{ key: string; label: string }[]> {
  const options = await db
    .select({ id: productVariants.id, name: productVariants.name, value: productVariants.value })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  if (options.length === 0) return [];
  let combos: (typeof options)[] = [[]];
  for (const group of new Set(options.map((o) => o.name))) {
    const inGroup = options.filter((o) => o.name === group);
    combos = combos.flatMap((c) => inGroup.map((o) => [...c, o]));
  }
  return combos.map((c) => ({
    key: c
      .map((o) => o.id)
      .sort()
      .join(","),
    label: c.map((o) => `${o.name}: ${o.value}`).join(", "),
  }));
}

async function combinationsOf(tx: Tx, productId: string): Promise<Set<string>> {
  return new Set((await productCombinations(tx, productId)).map((c) => c.key));
}

/** PUT /v2/admin/product/{id}/stock: the mode, the count(s) and the threshold. */
export async function saveStockSettings(
  db: Db,
  actor: AuditActor,
  productId: string,
  input: StockSettingsInput,
  now = new Date(),
): Promise<void> {
  await db.transaction((tx) => applyStockSettings(tx, actor, productId, input, now));
}

/** The settings inside the caller's transaction (one product's; the bulk upload's many). */
export async function applyStockSettings(
  tx: Tx,
  actor: AuditActor,
  productId: string,
  input: StockSettingsInput,
  now: Date,
): Promise<void> {
  {
    const row = await lockProduct(tx, productId);
    const combos = Object.entries(input.combos ?? {});
    if (input.mode === "made_to_order" && (input.count !== undefined || combos.length > 0))
      throw new HttpError(
        400,
        "count: a made-to-order product has no count; choose In stock or One of a kind to give it one.",
      );
    const held = await heldNow(tx, productId, now);
    if (input.mode !== "made_to_order") {
      if (combos.length === 0 && input.count === undefined)
        throw new HttpError(400, "count: enter how many pieces are on the shelf.");
      const counts = combos.length ? combos.map(([, n]) => n) : [input.count!];
      if (input.mode === "one_of_a_kind" && counts.some((n) => n > 1))
        throw new HttpError(400, "count: a one-of-a-kind piece has a count of 0 or 1.");
      if (combos.length) {
        const known = await combinationsOf(tx, productId);
        const bad = combos.find(([key]) => !known.has(key));
        if (bad)
          throw new HttpError(
            400,
            `combos: ${bad[0]} is not a combination of this product's options.`,
          );
      }
      const levels: [string, number][] = combos.length ? combos : [["", input.count!]];
      // Counted per combination or as a whole, not both: the other kind's rows go.
      await tx
        .delete(stockLevels)
        .where(
          and(
            eq(stockLevels.productId, productId),
            combos.length ? eq(stockLevels.combo, "") : sql`${stockLevels.combo} <> ''`,
          ),
        );
      for (const [key, n] of levels)
        if (n < (held.get(key) ?? 0)) throw belowHeld("count", held.get(key)!);
      for (const [key, n] of levels)
        await writeLevel(tx, actor, productId, key, n, "counted", "", now);
    }
    await tx
      .update(productStock)
      .set({
        mode: input.mode,
        lowStockAt: input.lowStockAt ?? row.lowStockAt,
        byCombination: combos.length > 0,
        updatedAt: now,
      })
      .where(eq(productStock.productId, productId));
    if (input.mode !== "made_to_order") await mailIfLow(tx, productId, now);
    // The list's badges are cached with the catalogue (stock.server.ts shelfBadges).
    await bumpCatalogueVersion(tx);
  }
}

/** POST /v2/admin/product/{id}/stock/adjustments: pieces added or taken away, with the reason. */
export async function adjustStock(
  db: Db,
  actor: AuditActor,
  productId: string,
  input: AdjustmentInput,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockProduct(tx, productId);
    if (row.mode === "made_to_order")
      throw new HttpError(
        400,
        "A made-to-order product has no count to adjust; set its stock mode to In stock or One of a kind first.",
      );
    const combo = row.byCombination ? input.combo : "";
    const [level] = await tx
      .select({ onHand: stockLevels.onHand })
      .from(stockLevels)
      .where(and(eq(stockLevels.productId, productId), eq(stockLevels.combo, combo)));
    if (!level) throw new HttpError(400, "combo: this product has no count for that combination.");
    const after = level.onHand + input.change;
    if (after < 0)
      throw new HttpError(
        400,
        `change: only ${level.onHand} ${level.onHand === 1 ? "piece is" : "pieces are"} on the shelf.`,
      );
    const held = (await heldNow(tx, productId, now)).get(combo) ?? 0;
    if (after < held) throw belowHeld("change", held);
    if (row.mode === "one_of_a_kind" && after > 1)
      throw new HttpError(
        400,
        "change: a one-of-a-kind piece has a count of 0 or 1; make it In stock to count more.",
      );
    await writeLevel(tx, actor, productId, combo, after, input.reason, input.note, now);
    await mailIfLow(tx, productId, now);
    await bumpCatalogueVersion(tx);
  });
}

/** The product's adjustments, newest first (the panel's history). */
export async function listAdjustments(db: Db, productId: string, limit = 20) {
  return db
    .select()
    .from(stockAdjustments)
    .where(eq(stockAdjustments.productId, productId))
    .orderBy(desc(stockAdjustments.createdAt))
    .limit(limit);
}
