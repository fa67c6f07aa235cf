/** The stock area's calls (docs/decisions/0218-stock-owner-tools.md), on the portal's one API client. */
import type { StockJson, StockMode } from "~/features/stock/stock";
import { adminGet, adminPost, adminPut } from "~/features/admin/shell/admin-api";

const stockPath = (productId: string) => `/v2/admin/product/${encodeURIComponent(productId)}/stock`;

export function fetchStock(productId: string, signal?: AbortSignal): Promise<StockJson> {
  return adminGet<StockJson>(stockPath(productId), { signal });
}

export function saveStock(
  productId: string,
  body: { mode: string; count?: number; combos?: Record<string, number>; lowStockAt?: number },
): Promise<StockJson> {
  return adminPut<StockJson>(stockPath(productId), body);
}

export function addAdjustment(
  productId: string,
  body: { change: number; reason: string; note: string },
): Promise<StockJson> {
  return adminPost<StockJson>(`${stockPath(productId)}/adjustments`, body);
}

/** The stock screen's rows and totals (amounts in paise, as the API client gives them). */
export interface StockListJson {
  rows: {
    id: string;
    name: string;
    sku: string;
    mode: StockMode;
    onHand: number | null;
    held: number;
    left: number | null;
    lowStockAt: number;
    costPrice: number;
    cost: number;
  }[];
  totals: { products: number; onHand: number; cost: number; soldOut: number; low: number };
}

export function fetchStockList(filter: string, signal?: AbortSignal): Promise<StockListJson> {
  return adminGet<StockListJson>(`/v2/admin/stock?filter=${encodeURIComponent(filter)}`, {
    signal,
  });
}

export function uploadStock(csv: string): Promise<{ products: number }> {
  return adminPost<{ products: number }>("/v2/admin/stock/upload", { csv });
}
