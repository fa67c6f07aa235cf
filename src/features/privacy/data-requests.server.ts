/**
 * The record of data requests (docs/decisions/0101-data-rights.md): one row per download,
 * withdrawal, erasure and grievance, with its dates, for the owner's list.
 */
import { randomBytes } from "node:crypto";
import { count, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "~/server/db/client";
import { dataRequests } from "~/server/db/schema";
import type { DataRequestJson, DataRequestKind } from "./privacy";

export function newDataRequestId(now = new Date()): string {
  return `dr_${now.getTime().toString(36)}_${randomBytes(5).toString("hex")}`;
}

export async function recordDataRequest(
  db: DbOrTx,
  request: { userId: string; kind: DataRequestKind; details?: string; done: boolean },
  now = new Date(),
): Promise<string> {
  const id = newDataRequestId(now);
  await db.insert(dataRequests).values({
    id,
    userId: request.userId,
    kind: request.kind,
    details: request.details ?? "",
    createdAt: now,
    completedAt: request.done ? now : null,
  });
  return id;
}

export async function listDataRequests(
  db: DbOrTx,
  query: { kind?: DataRequestKind; limit: number; offset: number },
): Promise<{ requests: DataRequestJson[]; count: number }> {
  const where = query.kind ? eq(dataRequests.kind, query.kind) : undefined;
  const rows = await db
    .select()
    .from(dataRequests)
    .where(where)
    .orderBy(desc(dataRequests.createdAt), desc(dataRequests.id))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db.select({ n: count() }).from(dataRequests).where(where);
  return {
    requests: rows.map((r) => ({
      id: r.id,
      userId: r.userId,
      kind: r.kind,
      details: r.details,
      createdAt: r.createdAt.toISOString(),
      completedAt: r.completedAt?.toISOString() ?? null,
    })),
    count: total?.n ?? 0,
  };
}
