/**
 * Reading the audit trail (docs/decisions/0110-audit-coverage-and-keeping.md): newest first, one page
 * at a time, filtered on the server by who, entity, action and a date range in India time. The
 * table's indexes (time; entity + id + time) keep a year of rows quick to page through.
 */
import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from "drizzle-orm";
import type { DbOrTx } from "~/server/db/client";
import { auditLog } from "~/server/db/schema";
import type { AuditPage, AuditRowJson } from "./audit-admin";

export interface AuditFilter {
  who?: string | undefined;
  entity?: string | undefined;
  action?: string | undefined;
  /** Inclusive instants (the start of the first day, the start of the day after the last). */
  from?: Date | undefined;
  until?: Date | undefined;
  limit: number;
  offset: number;
}

/** `%text%` for ILIKE, with the pattern's own characters escaped. */
function contains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function where(filter: AuditFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.who) {
    const pattern = contains(filter.who);
    conditions.push(or(ilike(auditLog.actorEmail, pattern), ilike(auditLog.actorUid, pattern))!);
  }
  if (filter.entity) conditions.push(eq(auditLog.entity, filter.entity));
  if (filter.action)
    conditions.push(
      filter.action.endsWith(".")
        ? ilike(auditLog.action, `${filter.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
        : eq(auditLog.action, filter.action),
    );
  if (filter.from) conditions.push(gte(auditLog.at, filter.from));
  if (filter.until) conditions.push(lt(auditLog.at, filter.until));
  return conditions.length ? and(...conditions) : undefined;
}

function toJson(row: typeof auditLog.$inferSelect): AuditRowJson {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorUid: row.actorUid,
    actorEmail: row.actorEmail,
    address: row.address,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    before: row.before ?? null,
    after: row.after ?? null,
  };
}

export async function listAudit(db: DbOrTx, filter: AuditFilter): Promise<AuditPage> {
  const condition = where(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(condition)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(auditLog).where(condition),
  ]);
  return { rows: rows.map(toJson), count: Number(total?.n ?? 0) };
}
