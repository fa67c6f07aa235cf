/**
 * Fixed-window rate limits kept in the database (`rate_limits`), so several app servers share them.
 *
 * One row per (key, window): the first hit inserts count 1, later hits in the same window add one
 * in a single atomic upsert (`insert ... on conflict do update set count = count + 1 returning count`),
 * so concurrent requests on different servers can never both see the last free slot.
 *
 * Keys are namespaced "<limiter>:<subject>" (e.g. "inquiry:203.0.113.7"). One limiter uses one
 * window length; old windows of that limiter are pruned now and then (see `pruneProbability`).
 */
import { and, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "./db/client";
import { builtOnce } from "./db/built-once";
import { rateLimits, users } from "./db/schema";
import { loggable } from "./log-safe";
import { log } from "./log/logger";

export interface RateLimitResult {
  /** True while the key has used at most `limit` hits in the current window. */
  allowed: boolean;
  /** Seconds until the current window ends (at least 1) when refused; 0 when allowed. */
  retryAfterSeconds: number;
}

export interface HitOptions {
  /** The clock, for tests. */
  now?: Date;
  /** Chance (0..1) that this call also deletes ended windows of the same limiter. Default 0.02. */
  pruneProbability?: number;
  /**
   * Also read this user's role (`users.role`) in the same statement, for the caller's role check
   * that follows (docs/decisions/0313-role-and-limit-in-one-statement.md): answered as `role`.
   */
  roleOf?: string;
}

/** hitEach's verdicts, and the role of `roleOf` (null: no users row; undefined: not asked). */
export type HitVerdicts = RateLimitResult[] & { role?: string | null };

/** The start of the fixed window that `now` falls in (windows are aligned to the epoch). */
export function windowStartFor(now: Date, windowMs: number): Date {
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

/** The limiter's namespace: the key up to its first ":" (the whole key when there is none). */
function namespaceOf(key: string): string {
  const at = key.indexOf(":");
  return at === -1 ? key : key.slice(0, at);
}

function likePrefix(prefix: string): string {
  return prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The count's statement, built once per shape (docs/decisions/0331-hot-statements-built-once.md):
 * an upsert of `keys` rows (placeholders key0.., windowStart); with `role`, the role of `roleOf`
 * rides on it: one statement instead of two (docs/decisions/0313-role-and-limit-in-one-statement.md).
 */
const hits = builtOnce(
  ({ keys, role }: { keys: number; role: boolean }) => `${keys}:${role}`,
  ({ keys, role }, db) => {
    const upsert = db
      .insert(rateLimits)
      .values(
        Array.from({ length: keys }, (_, i) => ({
          key: sql.placeholder(`key${i}`),
          windowStart: sql.placeholder("windowStart"),
          count: 1,
        })),
      )
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { count: sql`${rateLimits.count} + 1` },
      })
      .returning({ key: rateLimits.key, count: rateLimits.count });
    if (!role) return upsert.getSQL();
    return sql`with hits as (${upsert.getSQL()}) select hits.key, hits.count,
      (select ${users.role} from ${users} where ${users.id} = ${sql.placeholder("roleOf")}) as role
      from hits`;
  },
);

/**
 * Counts one hit for `key` and says whether it is within `limit` hits per `windowMs`.
 * Refused hits are counted too (they do no harm: the window resets all the same).
 */
export async function hit(
  db: DbOrTx,
  key: string,
  limit: number,
  windowMs: number,
  options: HitOptions = {},
): Promise<RateLimitResult> {
  const [result] = await hitEach(db, [{ key, limit }], windowMs, options);
  return result!;
}

/**
 * Counts one hit for each key (distinct keys of one limiter, sharing its window length) in ONE
 * statement, and answers each key's verdict in the order given. Every key is counted, whatever the
 * others' verdicts. The rows are upserted in key order, so two requests that share keys lock them
 * in the same order and cannot deadlock (docs/decisions/0150-fewer-statements-per-write.md).
 */
export async function hitEach(
  db: DbOrTx,
  checks: readonly { key: string; limit: number }[],
  windowMs: number,
  options: HitOptions = {},
): Promise<HitVerdicts> {
  if (!Number.isFinite(windowMs) || windowMs <= 0)
    throw new Error(`rate limit window must be positive, got ${windowMs}`);
  if (checks.length === 0) return [];
  const now = options.now ?? new Date();
  const windowStart = windowStartFor(now, windowMs);
  const keys = [...new Set(checks.map((c) => c.key))].sort();

  const values: Record<string, unknown> = { windowStart, roleOf: options.roleOf ?? null };
  keys.forEach((key, i) => {
    values[`key${i}`] = key;
  });
  const rows = await hits.rows<{ key: string; count: number; role?: string | null }>(
    db,
    { keys: keys.length, role: options.roleOf !== undefined },
    values,
  );
  const counts = new Map(rows.map((row) => [row.key, Number(row.count)]));

  if (Math.random() < (options.pruneProbability ?? 0.02)) {
    await prune(db, namespaceOf(keys[0]!), new Date(now.getTime() - windowMs)).catch(
      (error: unknown) => {
        log.warn("[rate-limit] pruning old windows failed", loggable(error));
      },
    );
  }

  const endsAt = windowStart.getTime() + windowMs;
  const refused: RateLimitResult = {
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)),
  };
  const verdicts: HitVerdicts = checks.map(({ key, limit }) =>
    (counts.get(key) ?? 1) <= limit ? { allowed: true, retryAfterSeconds: 0 } : refused,
  );
  if (options.roleOf !== undefined)
    verdicts.role = (rows[0] as { role?: string | null } | undefined)?.role ?? null;
  return verdicts;
}

/**
 * Deletes the windows of one limiter (keys "<namespace>:...", or exactly "<namespace>")
 * that started before `before`. Returns how many rows went.
 */
export async function prune(db: DbOrTx, namespace: string, before: Date): Promise<number> {
  const deleted = await db
    .delete(rateLimits)
    .where(
      and(
        lt(rateLimits.windowStart, before),
        sql`(${rateLimits.key} like ${`${likePrefix(namespace)}:%`} or ${rateLimits.key} = ${namespace})`,
      ),
    )
    .returning({ key: rateLimits.key });
  return deleted.length;
}
