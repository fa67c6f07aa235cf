/**
 * The owner's stock screen (docs/decisions/0218-stock-owner-tools.md): products with their stock
 * mode, pieces on the shelf, held and left, under a filter (in stock, low, sold out, made to
 * order), and the stock on hand valued at cost price. Read-only.
 */
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "~/server/db/client";
import { rawRows } from "~/server/db/raw-rows";
import { products } from "~/server/db/schema";
import type { StockFilter, StockMode } from "./stock";

export interface StockListRow {
  id: string;
  name: string;
  sku: string;
  mode: StockMode;
  onHand: number | null;
  held: number;
  left: number | null;
  lowStockAt: number;
  /** Paise: the product's cost price, and on hand × cost. */
  costPrice: number;
  cost: number;
}

export interface StockList {
  rows: StockListRow[];
  /** Over every counted product, whatever the filter. */
  totals: { products: number; onHand: number; cost: number; soldOut: number; low: number };
}

const LIMIT = 500;

/** Every product with its stock mode, threshold, cost, pieces on the shelf and live holds (`t`). */
const stockRows = (
  now: Date,
) => sql`select p.id, p.name, p.sku, coalesce(s.mode, 'made_to_order') as mode,
      coalesce(s.low_stock_at, 2)::float8 as low_at, p.cost_price_paise::float8 as cost_price,
      (select sum(l.on_hand)::float8 from stock_levels l where l.product_id = p.id
        and (s.by_combination = (l.combo <> ''))) as on_hand,
      (select coalesce(sum(h.quantity), 0)::float8 from stock_holds h where h.product_id = p.id
        and h.state = 'held' and h.expires_at > ${now}) as held
    from products p left join product_stock s on s.product_id = p.id`;

const tracked = sql`t.mode <> 'made_to_order'`;

/** The filter's rows of `stockRows`: "in stock" has pieces left (low ones too). */
function filterWhere(filter: StockFilter | "all"): SQL {
  if (filter === "made_to_order") return sql`where t.mode = 'made_to_order'`;
  if (filter === "sold_out") return sql`where ${tracked} and coalesce(t.on_hand, 0) - t.held <= 0`;
  if (filter === "low")
    return sql`where ${tracked} and coalesce(t.on_hand, 0) - t.held between 1 and t.low_at`;
  if (filter === "in_stock") return sql`where ${tracked} and coalesce(t.on_hand, 0) - t.held > 0`;
  return sql``;
}

/**
 * The products under a stock filter, as a condition on the products table's id: the products
 * screen's filter (GET /v2/admin/allproducts?stock=), the same rule as the stock screen's.
 */
export function stockFilterCondition(filter: StockFilter, now = new Date()): SQL {
  return sql`${products.id} in (select t.id from (${stockRows(now)}) t ${filterWhere(filter)})`;
}

export async function stockList(
  db: DbOrTx,
  filter: StockFilter | "all",
  now = new Date(),
): Promise<StockList> {
  const base = stockRows(now);
  const where = filterWhere(filter);
  const rows = await rawRows<{
    id: string;
    name: string;
    sku: string;
    mode: StockMode;
    low_at: number;
    cost_price: number;
    on_hand: number | null;
    held: number;
  }>(db, sql`select * from (${base}) t ${where} order by t.name, t.id limit ${LIMIT}`);
  const [totals] = await rawRows<{
    products: number;
    on_hand: number;
    cost: number;
    sold_out: number;
    low: number;
  }>(
    db,
    sql`select count(*)::float8 as products, coalesce(sum(t.on_hand), 0)::float8 as on_hand,
      coalesce(sum(coalesce(t.on_hand, 0) * t.cost_price), 0)::float8 as cost,
      count(*) filter (where coalesce(t.on_hand, 0) - t.held <= 0)::float8 as sold_out,
      count(*) filter (where coalesce(t.on_hand, 0) - t.held between 1 and t.low_at)::float8 as low
      from (${base}) t where ${tracked}`,
  );
  return {
    rows: rows.map((r) => {
      const counted = r.mode !== "made_to_order";
      const onHand = counted ? Number(r.on_hand ?? 0) : null;
      return {
        id: r.id,
        name: r.name,
        sku: r.sku,
        mode: r.mode,
        onHand,
        held: Number(r.held),
        left: onHand === null ? null : Math.max(0, onHand - Number(r.held)),
        lowStockAt: Number(r.low_at),
        costPrice: Number(r.cost_price),
        cost: onHand === null ? 0 : onHand * Number(r.cost_price),
      };
    }),
    totals: {
      products: Number(totals?.products ?? 0),
      onHand: Number(totals?.on_hand ?? 0),
      cost: Number(totals?.cost ?? 0),
      soldOut: Number(totals?.sold_out ?? 0),
      low: Number(totals?.low ?? 0),
    },
  };
}

/** How many counted products have nothing left to sell (the products screen's "Sold Out" card). */
export async function soldOutCount(db: DbOrTx, now = new Date()): Promise<number> {
  const [row] = await rawRows<{ n: number }>(
    db,
    sql`select count(*)::float8 as n from product_stock s where s.mode <> 'made_to_order'
      and coalesce((select sum(l.on_hand) from stock_levels l where l.product_id = s.product_id
        and (s.by_combination = (l.combo <> ''))), 0)
      - (select coalesce(sum(h.quantity), 0) from stock_holds h where h.product_id = s.product_id
        and h.state = 'held' and h.expires_at > ${now}) <= 0`,
  );
  return Number(row?.n ?? 0);
}
