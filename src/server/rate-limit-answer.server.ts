/**
 * Rate limits as the API answers them: count one hit of `key` and, over the limit, throw a 429
 * with a sentence that says how long to wait and a Retry-After header (src/server/rate-limit.server.ts
 * does the counting; docs/decisions/0072-order-floods-and-rate-limits.md lists the limits).
 */
import type { DbOrTx } from "./db/client";
import { HttpError } from "./http";
import { hitEach } from "./rate-limit.server";

export const HOUR_MS = 60 * 60 * 1000;

/** "Please wait 3 minutes" (at least one minute). */
export function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
}

/** Counts a hit; over `limit` per hour it throws 429 `${what} ${waitText}` with Retry-After. */
export async function limitOrRefuse(
  db: DbOrTx,
  key: string,
  limit: number,
  what: string,
): Promise<void> {
  await limitAllOrRefuse(db, [{ key, limit, what }]);
}

/**
 * Counts one hit of every key in one statement (hitEach); the first one over its hourly `limit`
 * throws its 429 `${what} ${waitText}` with Retry-After. Every key is counted either way. With
 * `roleOf`, the same statement reads that user's role and it is answered (null: no users row;
 * docs/decisions/0313-role-and-limit-in-one-statement.md).
 */
export async function limitAllOrRefuse(
  db: DbOrTx,
  checks: readonly { key: string; limit: number; what: string }[],
  roleOf?: string,
): Promise<string | null | undefined> {
  const results = await hitEach(db, checks, HOUR_MS, roleOf === undefined ? {} : { roleOf });
  const at = results.findIndex((result) => !result.allowed);
  if (at === -1) return results.role;
  const seconds = results[at]!.retryAfterSeconds;
  throw new HttpError(429, `${checks[at]!.what} ${waitText(seconds)}`, {
    "retry-after": String(seconds),
  });
}
