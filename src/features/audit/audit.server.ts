/**
 * The audit trail (docs/decisions/0081-audit-trail-and-settings.md): every owner action writes one
 * row, in the same transaction as the change it describes, so a change and its record land together.
 */
import { randomBytes } from "node:crypto";
import type { APIContext } from "astro";
import type { AuthUser } from "~/server/auth/auth.server";
import type { DbOrTx } from "~/server/db/client";
import { auditLog } from "~/server/db/schema";
import { env } from "~/server/env";
import { clientKey } from "~/server/http";

/** Who acted, and from where: taken once per request from the signed-in owner. */
export interface AuditActor {
  uid: string;
  email: string | null;
  address: string | null;
}

/** What changed. `before`/`after` hold only the fields that matter, never a secret or a token. */
export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
}

export function auditActor(context: APIContext, user: Pick<AuthUser, "uid" | "email">): AuditActor {
  return {
    uid: user.uid,
    email: user.email ?? null,
    address: clientKey(context, env().TRUST_PROXY),
  };
}

export async function recordAudit(
  db: DbOrTx,
  actor: AuditActor,
  entry: AuditEntry,
  at = new Date(),
): Promise<void> {
  await db.insert(auditLog).values({
    id: `aud_${at.getTime().toString(36)}_${randomBytes(6).toString("hex")}`,
    at,
    actorUid: actor.uid,
    actorEmail: actor.email,
    address: actor.address,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    before: (entry.before ?? null) as object | null,
    after: (entry.after ?? null) as object | null,
  });
}

/**
 * The fields of two snapshots that differ (compared as JSON), as `{ before, after }` for an audit
 * entry: an edit records what it changed, not the whole record twice.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    was[key] = before[key] ?? null;
    now[key] = after[key] ?? null;
  }
  return { before: was, after: now };
}
