/** The orders and order lines exports: the orders placed in the period, oldest first. */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/server/db/client";
import { rawRows } from "~/server/db/raw-rows";
import { money } from "~/features/reports/csv";
import { keysetPages } from "~/features/reports/csv-stream.server";
import { variantText } from "./variant-text";
import { rangeInstants, type DayRange } from "~/features/reports/report-range";
import {
  EXPORT_PAGE,
  afterKey,
  anyOf,
  cells,
  indiaText,
  pageRows,
  type ExportBody,
  type Keyed,
} from "./keyset";

interface OrderRow extends Keyed {
  id: string;
  placed: string;
  paid: string | null;
  status: string;
  kind: string;
  payment_status: string;
  customer: string;
  city: string | null;
  state: string | null;
  pin: string | null;
  subtotal_paise: number;
  discount_paise: number;
  shipping_paise: number;
  total_paise: number;
  refunded: number;
  provider: string;
  transaction_id: string;
  coupon_code: string;
}

/** The page's successful refunds per order, in one statement (refunds are few). */
async function refundedOf(db: DbOrTx, rows: OrderRow[]): Promise<void> {
  if (rows.length === 0) return;
  const sums = await rawRows<{ order_id: string; refunded: number }>(
    db,
    sql`select order_id, sum(amount_paise)::float8 as refunded from refunds
      where status = 'SUCCESS' and ${anyOf(
        sql`order_id`,
        rows.map((r) => r.id),
      )} group by order_id`,
  );
  const byOrder = new Map(sums.map((s) => [s.order_id, Number(s.refunded)]));
  for (const row of rows) row.refunded = byOrder.get(row.id) ?? 0;
}

export function ordersExport(db: DbOrTx, range: DayRange, size = EXPORT_PAGE): ExportBody {
  const { start, end } = rangeInstants(range);
  const read = async (after: Keyed | undefined, size: number) => {
    const rows = await pageRows<OrderRow>(
      db,
      sql`select o.created_at::text as k_at, o.id as k_id, o.id, ${indiaText(sql`o.created_at`)} as placed,
        ${indiaText(sql`o.paid_at`)} as paid, o.status,
        o.kind, o.payment_status,
        trim(coalesce(o.shipping_name->>'firstName', '') || ' ' || coalesce(o.shipping_name->>'lastName', '')) as customer,
        o.shipping_address->>'city' as city, o.shipping_address->>'state' as state,
        o.shipping_address->>'zipCode' as pin, o.subtotal_paise, o.discount_paise,
        o.shipping_paise, o.total_paise, o.provider, o.transaction_id, o.coupon_code, 0 as refunded
        from orders o where o.created_at >= ${start} and o.created_at < ${end}
        ${afterKey(after, sql`o.created_at`, sql`o.id`)}
        order by o.created_at, o.id limit ${size}`,
    );
    await refundedOf(db, rows);
    return rows;
  };
  return {
    header: [
      "Order id",
      "Placed (India time)",
      "Paid (India time)",
      "Status",
      "Kind",
      "Payment status",
      "Customer",
      "City",
      "State",
      "PIN code",
      "Items",
      "Discount",
      "Shipping",
      "Total",
      "Refunded",
      "Provider",
      "Transaction id",
      "Coupon code",
    ],
    pages: cells(
      keysetPages(read, (row) => row, size),
      (o) => [
        o.id,
        o.placed,
        o.paid ?? "",
        o.status,
        o.kind,
        o.payment_status,
        o.customer,
        o.city ?? "",
        o.state ?? "",
        o.pin ?? "",
        money(o.subtotal_paise),
        money(o.discount_paise),
        money(o.shipping_paise),
        money(o.total_paise),
        money(Number(o.refunded)),
        o.provider,
        o.transaction_id,
        o.coupon_code,
      ],
    ),
  };
}

interface LineRow extends Keyed {
  k_item: string;
  order_id: string;
  placed: string;
  status: string;
  product_id: string | null;
  product_name: string;
  variant: Record<string, unknown>;
  quantity: number;
  price_paise: number;
  product_note: string;
}

export function orderLinesExport(db: DbOrTx, range: DayRange, size = EXPORT_PAGE): ExportBody {
  const { start, end } = rangeInstants(range);
  const read = (after: (Keyed & { k_item: string }) | undefined, size: number) =>
    pageRows<LineRow>(
      db,
      sql`select o.created_at::text as k_at, o.id as k_id, i.id as k_item, o.id as order_id,
        ${indiaText(sql`o.created_at`)} as placed, o.status, i.product_id, i.product_name, i.variant, i.quantity, i.price_paise,
        i.product_note
        from orders o join order_items i on i.order_id = o.id
        where o.created_at >= ${start} and o.created_at < ${end}
        ${after ? sql`and o.created_at >= ${after.k_at}::timestamptz and (o.created_at, o.id, i.id) > (${after.k_at}::timestamptz, ${after.k_id}, ${after.k_item})` : sql``}
        order by o.created_at, o.id, i.id limit ${size}`,
    );
  return {
    header: [
      "Order id",
      "Placed (India time)",
      "Order status",
      "Product id",
      "Product",
      "Variant",
      "Quantity",
      "Unit price",
      "Line total",
      "Personalisation",
    ],
    pages: cells(
      keysetPages(read, (row) => row, size),
      (l) => [
        l.order_id,
        l.placed,
        l.status,
        l.product_id ?? "",
        l.product_name,
        variantText(l.variant),
        l.quantity,
        money(l.price_paise),
        money(l.quantity * l.price_paise),
        l.product_note,
      ],
    ),
  };
}
