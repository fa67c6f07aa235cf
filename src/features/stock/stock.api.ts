/**
 * The portal's stock calls (docs/decisions/0218-stock-owner-tools.md): one product's stock (GET),
 * its settings (PUT) and an adjustment with a reason (POST). requireAdmin first; bodies parsed
 * whole by stock.schema.ts (a 400 with the sentence, nothing written).
 */
import type { APIContext } from "astro";
import { auditActor } from "~/features/audit/audit.server";
import { requireAdmin } from "~/server/auth/auth.server";
import { getDb } from "~/server/db/client";
import { json, parseWith, readJson } from "~/server/http";
import { idParam } from "~/lib/fields";
import { adjustStock, listAdjustments, saveStockSettings } from "./adjust.server";
import { adjustmentInput, stockSettingsInput } from "./stock.schema";
import { availabilityIn, loadStock } from "./stock.server";
import type { StockJson } from "./stock";

async function stockAnswer(productId: string): Promise<StockJson> {
  const db = await getDb();
  const view = (await loadStock(db, [productId], new Date())).get(productId);
  const adjustments = await listAdjustments(db, productId);
  return {
    mode: view?.mode ?? "made_to_order",
    lowStockAt: view?.lowStockAt ?? 2,
    byCombination: view?.byCombination ?? false,
    levels: [...(view?.onHand ?? new Map<string, number>())].map(([combo, onHand]) => ({
      combo,
      onHand,
      held: view?.held.get(combo) ?? 0,
      left: availabilityIn(view, combo).left,
    })),
    adjustments: adjustments.map((a) => ({
      id: a.id,
      combo: a.combo,
      change: a.change,
      onHandAfter: a.onHandAfter,
      reason: a.reason,
      note: a.note,
      by: a.actorEmail,
      at: a.createdAt.toISOString(),
    })),
  };
}

/** GET /v2/admin/product/{id}/stock */
export async function getProductStock(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  const id = parseWith(idParam(), context.params.id);
  return json(await stockAnswer(id));
}

/** PUT /v2/admin/product/{id}/stock { mode, count?, lowStockAt?, combos? } */
export async function putProductStock(context: APIContext): Promise<Response> {
  const actor = auditActor(context, await requireAdmin(context));
  const id = parseWith(idParam(), context.params.id);
  const input = await readJson(context.request, stockSettingsInput);
  await saveStockSettings(await getDb(), actor, id, input);
  return json(await stockAnswer(id));
}

/** POST /v2/admin/product/{id}/stock/adjustments { change, reason, note?, combo? } */
export async function postStockAdjustment(context: APIContext): Promise<Response> {
  const actor = auditActor(context, await requireAdmin(context));
  const id = parseWith(idParam(), context.params.id);
  const input = await readJson(context.request, adjustmentInput);
  await adjustStock(await getDb(), actor, id, input);
  return json(await stockAnswer(id));
}
