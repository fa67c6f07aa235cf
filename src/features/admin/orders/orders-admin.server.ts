/**
 * The owner's orders: filtered list, counts per status, and status changes (stamped on the timeline,
 * mailed to the shopper in the same transaction). Reads go through loadOrders, the one read model.
 */
import { and, count, eq, gte, ilike, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "~/server/db/client";
import { orders } from "~/server/db/schema";
import { HttpError } from "~/server/http";
import { sendMail } from "~/server/mail.server";
import {
  orderJson,
  loadOrders,
  type OrderItemRow,
  type OrderRow,
} from "~/features/orders/orders.server";
import type { AdminOrderJson, OrderCounts } from "./orders-admin";
import {
  ADMIN_TARGETS,
  moveRefusal,
  ownerMove,
  type AdminTarget,
  type OrderMove,
} from "~/features/orders/order-moves";
import { moveOrder, OrderMoveRefused } from "~/features/orders/order-moves.server";
import { NOT_A_PAYMENT_CARRIER } from "~/features/orders/order-payments.server";
import { refundTotals } from "~/features/refunds/refunds.server";
import { statusMail, statusWhatsapp } from "./order-mail";
import { enqueueWhatsapp } from "~/features/whatsapp/enqueue.server";
import { refuseDispatch } from "~/features/made-to-order/dispatch-holds.server";
import { shopIdentity } from "~/server/shop-identity.server";
import { releaseOrderStock } from "~/features/stock/holds.server";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import { creditCancelledOrder } from "~/features/books/credit-note.server";

export interface OrderFilter {
  status?: string;
  q?: string;
  /** Paise. */
  min?: number;
  max?: number;
  limit?: number;
  offset?: number;
  /** Decision 0046: dispatch = closest promised dispatch date first. */
  sort?: "newest" | "dispatch";
  /** Decision 0046: "true" = only late orders (processing past the promise). */
  late?: "true" | "false";
}

function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The name a person searches by: first and last name, as the dashboard shows it. */
const fullName = (column: typeof orders.shippingName | typeof orders.billingName) =>
  sql`coalesce(${column}->>'firstName', '') || ' ' || coalesce(${column}->>'lastName', '')`;

/** The server side of docs/product.md §5 Admin filters: status; q = order number (#1001), id or name substring (any case); total within min..max. */
export function orderFilterWhere(filter: OrderFilter): SQL | undefined {
  // A payment link's carrier row is a payment of its order, not an order (decision 0204).
  const conditions: (SQL | undefined)[] = [NOT_A_PAYMENT_CARRIER];
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.min !== undefined) conditions.push(gte(orders.totalPaise, filter.min));
  if (filter.max !== undefined) conditions.push(lte(orders.totalPaise, filter.max));
  if (filter.late === "true")
    conditions.push(
      and(eq(orders.status, "processing"), lt(orders.promisedDispatchAt, new Date())),
    );
  const q = filter.q?.trim();
  if (q) {
    const pattern = likePattern(q);
    // "#1001" or "1001": the human order number (decision 0208).
    const number = /^#?\s*(\d{1,9})$/.exec(q)?.[1];
    conditions.push(
      or(
        number ? eq(orders.number, Number(number)) : undefined,
        ilike(orders.id, pattern),
        sql`${fullName(orders.shippingName)} ilike ${pattern}`,
        sql`${fullName(orders.billingName)} ilike ${pattern}`,
      ),
    );
  }
  return and(...conditions);
}

export function adminOrderJson(row: OrderRow, items: readonly OrderItemRow[]): AdminOrderJson {
  const order = orderJson(row, items);
  return {
    ...order,
    payment: {
      ...order.payment,
      provider: row.provider,
      upiId: row.upiId,
      paidAt: row.paidAt?.toISOString() ?? null,
    },
  };
}

export function listAllOrders(db: DbOrTx, filter: OrderFilter): Promise<AdminOrderJson[]> {
  return loadOrders(db, {
    where: orderFilterWhere(filter),
    limit: filter.limit,
    offset: filter.offset,
    sort: filter.sort,
    shape: adminOrderJson,
  });
}

export async function loadAdminOrder(db: DbOrTx, id: string): Promise<AdminOrderJson | null> {
  const [order] = await loadOrders(db, {
    where: eq(orders.id, id),
    limit: 1,
    shape: adminOrderJson,
  });
  return order ?? null;
}

/**
 * Orders per status among those the filter's other conditions keep (q, min, max, late; any status),
 * so the count cards and the table's "of N" agree with the page the server sends. No filter: all.
 */
export async function orderCounts(
  db: DbOrTx,
  filter: Omit<OrderFilter, "status" | "limit" | "offset" | "sort"> = {},
): Promise<OrderCounts> {
  const rows = await db
    .select({ status: orders.status, n: count() })
    .from(orders)
    .where(orderFilterWhere(filter))
    .groupBy(orders.status);
  const counts: OrderCounts = { pending: 0, processing: 0, shipped: 0, delivered: 0, cancelled: 0 };
  for (const row of rows)
    if (row.status in counts) counts[row.status as keyof OrderCounts] = Number(row.n);
  return counts;
}

export interface StatusChange {
  status: string;
  trackingNumber?: string;
  /** Paise. */
  shippingCost?: number;
  /** "refund": cancelled by "Cancel order and refund in full" (its refund follows); else the owner's control. */
  by?: "owner" | "refund";
}

/** Paid and neither refunded nor being refunded, paise. */
async function unrefunded(db: DbOrTx, id: string): Promise<number> {
  const totals = await refundTotals(db, id);
  return totals.paid - totals.refunded - totals.pending;
}

/**
 * Moves an order on (decision 0023): 404 when absent, 400 for a refused move, both writing
 * nothing. The row is locked, so two owners moving one order at once apply one move after the
 * other; the second sees the first's status.
 */
export async function changeOrderStatus(
  db: Db,
  actor: AuditActor,
  id: string,
  change: StatusChange,
  now = new Date(),
): Promise<AdminOrderJson> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
    if (!row) throw new HttpError(404, "Order not found");
    const target = change.status as AdminTarget;
    if (!(ADMIN_TARGETS as readonly string[]).includes(target))
      throw new HttpError(400, "status must be processing, shipped, delivered or cancelled");
    const move: OrderMove =
      change.by === "refund" && target === "cancelled" ? "refund:cancelled" : ownerMove(target);
    const shipped = change.status === "shipped";
    const refused = moveRefusal(row, move);
    if (refused) throw new OrderMoveRefused(refused.status, refused.message, move);
    // The balance paid and the proof approved before dispatch (docs/decisions/0130-one-dispatch-rule.md).
    if (shipped) await refuseDispatch(tx, row);
    await moveOrder(tx, row, move, {
      at: now,
      // A paid order is cancelled only with its refund (docs/decisions/0190-cancel-with-refund.md).
      unrefundedPaise: move === "owner:cancelled" ? await unrefunded(tx, id) : 0,
      set: {
        ...(shipped && change.trackingNumber !== undefined
          ? { trackingNumber: change.trackingNumber }
          : {}),
        ...(shipped && change.shippingCost !== undefined
          ? { shippingCostPaise: change.shippingCost }
          : {}),
      },
    });
    // An unpaid order's held pieces go back at once (docs/decisions/0216).
    if (change.status === "cancelled") await releaseOrderStock(tx, id, "cancelled", now);
    // A cancelled supply's invoice is credited in this transaction (docs/decisions/0085).
    const creditNote =
      change.status === "cancelled" ? await creditCancelledOrder(tx, id, now) : null;
    const order = (await loadAdminOrder(tx, id))!;
    await recordAudit(tx, actor, {
      action: "order.status",
      entity: "order",
      entityId: id,
      before: { status: row.status },
      after: {
        status: change.status,
        ...(shipped && change.trackingNumber !== undefined
          ? { trackingNumber: change.trackingNumber }
          : {}),
        ...(shipped && change.shippingCost !== undefined
          ? { shippingCostPaise: change.shippingCost }
          : {}),
        ...(creditNote ? { creditNote } : {}),
      },
    });
    const shop = await shopIdentity(tx);
    const mail = statusMail(order, shop);
    if (mail) await sendMail(tx, mail);
    const wa = mail ? statusWhatsapp(order, mail.to, shop) : null;
    if (wa) await enqueueWhatsapp(tx, wa);
    return order;
  });
}
