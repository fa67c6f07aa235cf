/**
 * The Reports screen's figures (docs/decisions/0090-reports-read-model.md): read-only queries over
 * the orders, their lines and refunds, for the paid orders of a period in India time. An order
 * counts on the day it was paid; a refund on the day it succeeded. Nothing here writes.
 */
import { sql, type SQL } from "drizzle-orm";
import { indiaClockSql } from "~/lib/dates-sql.server";
import type { DbOrTx } from "~/server/db/client";
import { WHOLE_PERIOD, plannedRows } from "./planned.server";
import { bucketsOf, rangeInstants, type Bucket, type DayRange } from "./report-range";
import type {
  KindRow,
  LateDispatches,
  SalesFigures,
  SalesPoint,
  SalesReport,
  TopRow,
} from "./reports";
import { DAY_MS } from "~/lib/dates";

const TOP = 10;

/** A carrier row that paid a shipping charge (not a balance): decision 0204. */
const SHIPPING_CHARGE = sql.raw(
  `(o.kind = 'shipping' and coalesce(p.kind, 'shipping') = 'shipping')`,
);
const LATE_LISTED = 20;

/** A timestamp column's India day bucket as `YYYY-MM-DD` (src/lib/dates-sql.server.ts). */
function bucketSql(column: SQL, by: Bucket): SQL {
  return sql`to_char(date_trunc(${sql.raw(`'${by}'`)}, ${indiaClockSql(column)}), 'YYYY-MM-DD')`;
}

const empty = (): SalesFigures => ({
  orders: 0,
  gross: 0,
  discount: 0,
  shipping: 0,
  refunded: 0,
  total: 0,
  net: 0,
});

interface OrderBucket {
  start: string;
  orders: number;
  gross: number;
  discount: number;
  shipping: number;
  total: number;
}

async function salesPoints(db: DbOrTx, range: DayRange, by: Bucket): Promise<SalesPoint[]> {
  const { start, end } = rangeInstants(range);
  const sold = await plannedRows<OrderBucket>(
    db,
    WHOLE_PERIOD,
    // A payment link's carrier row (decision 0204) is never an order: a shipping charge is money
    // on its day, added to shipping; a balance adds nothing, its order's total is the piece's
    // price from the day of the advance (decision 0212); only the orders themselves are counted.
    sql`select ${bucketSql(sql`o.paid_at`, by)} as start,
      (count(*) filter (where o.kind <> 'shipping'))::float8 as orders,
      sum(case when ${SHIPPING_CHARGE} then 0 else o.subtotal_paise end)::float8 as gross,
      sum(o.discount_paise)::float8 as discount,
      sum(o.shipping_paise + case when ${SHIPPING_CHARGE} then o.subtotal_paise else 0 end)::float8 as shipping,
      sum(o.total_paise)::float8 as total
      from orders o left join order_payments p on p.via_order_id = o.id
      where o.paid_at >= ${start} and o.paid_at < ${end}
        and not (o.kind = 'shipping' and coalesce(p.kind, '') = 'balance') group by 1`,
  );
  const refundedAt = sql`coalesce(processed_at, created_at)`;
  const refunded = await plannedRows<{ start: string; refunded: number }>(
    db,
    WHOLE_PERIOD,
    sql`select ${bucketSql(refundedAt, by)} as start, sum(amount_paise)::float8 as refunded
      from refunds where status = 'SUCCESS' and ${refundedAt} >= ${start} and ${refundedAt} < ${end}
      group by 1`,
  );
  const points = new Map<string, SalesPoint>(
    bucketsOf(range, by).map((day) => [day, { start: day, ...empty() }]),
  );
  for (const row of sold) {
    const point = points.get(row.start);
    if (!point) continue;
    Object.assign(point, {
      orders: Number(row.orders),
      gross: Number(row.gross),
      discount: Number(row.discount),
      shipping: Number(row.shipping),
      total: Number(row.total),
    });
  }
  for (const row of refunded) {
    const point = points.get(row.start);
    if (point) point.refunded = Number(row.refunded);
  }
  const out = [...points.values()];
  for (const point of out) point.net = point.total - point.refunded;
  return out;
}

function sumPoints(points: readonly SalesPoint[]): SalesFigures & { averageOrder: number } {
  const totals = empty();
  for (const point of points)
    for (const key of Object.keys(totals) as (keyof SalesFigures)[]) totals[key] += point[key];
  const averageOrder = totals.orders ? Math.round(totals.total / totals.orders) : 0;
  return { ...totals, averageOrder };
}

async function topProducts(db: DbOrTx, range: DayRange): Promise<TopRow[]> {
  const { start, end } = rangeInstants(range);
  const rows = await plannedRows<TopRow>(
    db,
    WHOLE_PERIOD,
    sql`select coalesce(max(i.product_id), '') as id, max(i.product_name) as name,
      sum(i.quantity)::float8 as quantity, sum(i.quantity * i.price_paise::float8) as gross
      from order_items i join orders o on o.id = i.order_id
      where o.paid_at >= ${start} and o.paid_at < ${end} and o.kind <> 'shipping'
      group by coalesce(i.product_id, 'name:' || i.product_name)
      order by gross desc, name limit ${TOP}`,
  );
  return rows.map(numbers);
}

/** Collections by the product's collection today (an order line keeps no collection of its own). */
async function topCollections(db: DbOrTx, range: DayRange): Promise<TopRow[]> {
  const { start, end } = rangeInstants(range);
  const rows = await plannedRows<TopRow>(
    db,
    WHOLE_PERIOD,
    sql`select coalesce(p.category_id, '') as id, coalesce(p.category_id, 'No collection') as name,
      sum(i.quantity)::float8 as quantity, sum(i.quantity * i.price_paise::float8) as gross
      from order_items i join orders o on o.id = i.order_id
      left join products p on p.id = i.product_id
      where o.paid_at >= ${start} and o.paid_at < ${end} and o.kind <> 'shipping'
      group by p.category_id order by gross desc, name limit ${TOP}`,
  );
  return rows.map(numbers);
}

function numbers(row: TopRow): TopRow {
  return { ...row, quantity: Number(row.quantity), gross: Number(row.gross) };
}

async function kinds(db: DbOrTx, range: DayRange): Promise<KindRow[]> {
  const { start, end } = rangeInstants(range);
  const rows = await plannedRows<KindRow>(
    db,
    WHOLE_PERIOD,
    sql`select kind, count(*)::float8 as orders, sum(total_paise)::float8 as total from orders
      where paid_at >= ${start} and paid_at < ${end} group by kind`,
  );
  const found = new Map(rows.map((row) => [row.kind, row]));
  return (["catalogue", "custom", "shipping"] as const).map((kind) => ({
    kind,
    orders: Number(found.get(kind)?.orders ?? 0),
    total: Number(found.get(kind)?.total ?? 0),
  }));
}

/**
 * Paid orders whose promised dispatch day (decision 0046) falls in the period: shipped after it, or
 * still processing once it has passed.
 */
async function lateDispatches(db: DbOrTx, range: DayRange, now: Date): Promise<LateDispatches> {
  const { start, end } = rangeInstants(range);
  const shipped = sql`(timeline->>'shipped')::timestamptz`;
  const late = sql`((timeline->>'shipped' is not null and ${shipped} > promised_dispatch_at)
    or (timeline->>'shipped' is null and status = 'processing' and promised_dispatch_at < ${now}))`;
  const due = sql`paid_at is not null and kind <> 'shipping' and promised_dispatch_at >= ${start} and promised_dispatch_at < ${end}`;
  const [counts] = await plannedRows<{ due: number; late: number }>(
    db,
    WHOLE_PERIOD,
    sql`select count(*)::float8 as due, (count(*) filter (where ${late}))::float8 as late
      from orders where ${due}`,
  );
  const rows = await plannedRows<{ id: string; promised: Date | string; shipped: string | null }>(
    db,
    WHOLE_PERIOD,
    sql`select id, promised_dispatch_at as promised, timeline->>'shipped' as shipped from orders
      where ${due} and ${late} order by promised_dispatch_at desc, id limit ${LATE_LISTED}`,
  );
  return {
    due: Number(counts?.due ?? 0),
    late: Number(counts?.late ?? 0),
    orders: rows.map((row) => {
      const promised = new Date(row.promised);
      const until = row.shipped ? new Date(row.shipped) : now;
      return {
        id: row.id,
        promisedAt: promised.toISOString(),
        shippedAt: row.shipped ? new Date(row.shipped).toISOString() : null,
        daysLate: Math.max(1, Math.ceil((until.getTime() - promised.getTime()) / DAY_MS)),
      };
    }),
  };
}

export async function salesReport(
  db: DbOrTx,
  range: DayRange,
  by: Bucket,
  now: Date = new Date(),
): Promise<SalesReport> {
  const points = await salesPoints(db, range, by);
  return {
    range,
    by,
    totals: sumPoints(points),
    points,
    topProducts: await topProducts(db, range),
    topCollections: await topCollections(db, range),
    kinds: await kinds(db, range),
    lateDispatches: await lateDispatches(db, range, now),
  };
}
