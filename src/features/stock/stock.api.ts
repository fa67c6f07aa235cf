/**
 * The portal's stock calls (docs/decisions/0218-stock-owner-tools.md): one product's stock (GET),
 * its settings (PUT) and an adjustment with a reason (POST). requireAdmin first; bodies parsed
 * whole by stock.schema.ts (a 400 with the sentence, nothing written).
 */
import type { APIContext } from "astro";
import { auditActor } from "~/features/audit/audit.server";
import { requireAdmin } from "~/server/auth/auth.server";
import { getDb } from "~/server/db/client";
import { z } from "zod/mini";
import {
  isJsonContentType,
  json,
  parseWith,
  readBodyText,
  readJson,
  readQuery,
} from "~/server/http";
import { idParam } from "~/lib/fields";
import {
  adjustStock,
  listAdjustments,
  productCombinations,
  saveStockSettings,
} from "./adjust.server";
import { uploadStockCsv } from "./bulk.server";
import { adjustmentInput, stockSettingsInput } from "./stock.schema";
import { stockList } from "./stock-report.server";
import { STOCK_FILTERS } from "./stock";
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
    combinations: await productCombinations(db, productId),
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

const listQuery = z.object({
  filter: z._default(
    z.enum([...STOCK_FILTERS, "all"], {
      error: "filter must be in_stock, low, sold_out, made_to_order or all",
    }),
    "all",
  ),
});

/** GET /v2/admin/stock?filter=: the stock screen's rows and the stock at cost. */
export async function getStockList(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  const { filter } = readQuery(context.url, listQuery);
  return json(await stockList(await getDb(), filter));
}

const UPLOAD_LIMIT = 1024 * 1024;
const uploadBody = z.object({
  csv: z.string().check(z.maxLength(UPLOAD_LIMIT, "csv: the file is larger than 1 MB")),
});

/**
 * POST /v2/admin/stock/upload: the file as text/csv, or { csv } as JSON (the portal), with the
 * stock export's columns; all rows or none.
 */
export async function postStockUpload(context: APIContext): Promise<Response> {
  const actor = auditActor(context, await requireAdmin(context));
  const text = isJsonContentType(context.request.headers.get("content-type"))
    ? (await readJson(context.request, uploadBody, UPLOAD_LIMIT + 1024)).csv
    : await readBodyText(context.request, UPLOAD_LIMIT);
  const products = await uploadStockCsv(await getDb(), actor, text);
  return json({ products });
}
