/**
 * The order's log for the owner (docs/decisions/0056): what happened to its payments and refunds
 * beyond the status timeline (a payment id's status changes, events recorded without action, the
 * end of the re-check). Written in the caller's transaction; read by the portal's order screen.
 */
import { randomBytes } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import type { Db, Tx } from "~/server/db/client";
import { orderLog } from "~/server/db/schema";

export type OrderLogKind = "payment" | "webhook" | "recheck" | "refund" | "shipment";

export async function logOrder(
  db: Db | Tx,
  orderId: string,
  kind: OrderLogKind,
  message: string,
  data: unknown = null,
  at = new Date(),
): Promise<void> {
  await db.insert(orderLog).values({
    id: `log_${at.getTime().toString(36)}_${randomBytes(6).toString("hex")}`,
    orderId,
    at,
    kind,
    message,
    data: data as object | null,
  });
}

export async function readOrderLog(db: Db | Tx, orderId: string) {
  return db
    .select({ id: orderLog.id, at: orderLog.at, kind: orderLog.kind, message: orderLog.message })
    .from(orderLog)
    .where(eq(orderLog.orderId, orderId))
    .orderBy(asc(orderLog.at), asc(orderLog.id));
}
