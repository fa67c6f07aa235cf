/** The stock area's calls (docs/decisions/0218-stock-owner-tools.md), on the portal's one API client. */
import type { StockJson } from "~/features/stock/stock";
import { adminGet, adminPost, adminPut } from "~/features/admin/shell/admin-api";

const stockPath = (productId: string) => `/v2/admin/product/${encodeURIComponent(productId)}/stock`;

export function fetchStock(productId: string, signal?: AbortSignal): Promise<StockJson> {
  return adminGet<StockJson>(stockPath(productId), { signal });
}

export function saveStock(
  productId: string,
  body: { mode: string; count?: number; lowStockAt?: number },
): Promise<StockJson> {
  return adminPut<StockJson>(stockPath(productId), body);
}

export function addAdjustment(
  productId: string,
  body: { change: number; reason: string; note: string },
): Promise<StockJson> {
  return adminPost<StockJson>(`${stockPath(productId)}/adjustments`, body);
}
