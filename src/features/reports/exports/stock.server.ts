/**
 * The stock export (docs/decisions/0218-stock-owner-tools.md): every counted product's pieces on
 * the shelf now, valued at cost price, one row per count (the product's, or each option
 * combination's). Its first columns are the ones the bulk stock upload reads back.
 */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/server/db/client";
import { money } from "~/features/reports/csv";
import { keysetPages } from "~/features/reports/csv-stream.server";
import { EXPORT_PAGE, cells, pageRows, type ExportBody } from "./keyset";

export const STOCK_CSV_HEADER = [
  "Product id",
  "Combination",
  "SKU",
  "Name",
  "Stock mode",
  "On hand",
  "Low at",
  "Held by unpaid orders",
  "Cost price",
  "Value at cost",
];

interface StockRow {
  product_id: string;
  combo: string;
  sku: string;
  name: string;
  mode: string;
  on_hand: number;
  low_at: number;
  held: number;
  cost: number;
}

/** Counted products and their levels, by product id and combination. */
export function stockExport(db: DbOrTx, size = EXPORT_PAGE, now = new Date()): ExportBody {
  const read = (after: { p: string; c: string } | undefined, size: number) =>
    pageRows<StockRow>(
      db,
      sql`select l.product_id, l.combo, p.sku, p.name,
        s.mode, l.on_hand::float8 as on_hand, s.low_stock_at::float8 as low_at,
        (select coalesce(sum(h.quantity), 0)::float8 from stock_holds h where h.product_id = l.product_id
          and h.combo = l.combo and h.state = 'held' and h.expires_at > ${now}) as held,
        p.cost_price_paise::float8 as cost
        from stock_levels l join product_stock s on s.product_id = l.product_id
        join products p on p.id = l.product_id
        where s.mode <> 'made_to_order'
          and (s.by_combination = (l.combo <> ''))
          ${after === undefined ? sql`` : sql`and (l.product_id, l.combo) > (${after.p}, ${after.c})`}
        order by l.product_id, l.combo limit ${size}`,
    );
  return {
    header: STOCK_CSV_HEADER,
    pages: cells(
      keysetPages(read, (row) => ({ p: row.product_id, c: row.combo }), size),
      (r) => [
        r.product_id,
        r.combo,
        r.sku,
        r.name,
        r.mode,
        Number(r.on_hand),
        Number(r.low_at),
        Number(r.held),
        money(Number(r.cost)),
        money(Number(r.cost) * Number(r.on_hand)),
      ],
    ),
  };
}
