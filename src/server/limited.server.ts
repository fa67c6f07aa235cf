/**
 * `limited(name, handler)`: a route file's way to put one of the limiters of src/server/route-limits.ts
 * in front of its handler (docs/decisions/0177-a-limit-on-every-write.md). One hit is counted per
 * client address and, when the request carries a valid sign-in token, per account, in one
 * statement (limitAllOrRefuse); over either limit the answer is 429 with the limiter's sentence and
 * Retry-After, and the handler does not run. A request without a token counts per address only
 * (the handler then answers its own 401); a bad token is the same 401 the handler would give.
 * RATE_LIMIT_SCALE multiplies every limit (the end-to-end suite, all from 127.0.0.1, raises them).
 * With a token, the same statement reads the caller's role, kept for the handler's requireUser
 * (docs/decisions/0313-role-and-limit-in-one-statement.md).
 */
import type { APIContext } from "astro";
import { getIdentity, keepCallerRead, type Identity } from "./auth/auth.server";
import { getDb } from "./db/client";
import { env } from "./env";
import { clientKey, type Handler } from "./http";
import { limitAllOrRefuse } from "./rate-limit-answer.server";
import { LIMITERS, type LimiterName } from "./route-limits";

/** Counts one hit of limiter `name` for this request: 429 over its limits. */
export async function countHit(context: APIContext, name: LimiterName): Promise<void> {
  const limiter = LIMITERS[name];
  const { RATE_LIMIT_SCALE, TRUST_PROXY } = env();
  const scaled = (limit: number) => Math.max(1, Math.round(limit * RATE_LIMIT_SCALE));
  const checks: { key: string; limit: number; what: string }[] = [];
  let identity: Identity | null = null;
  if ("perAccount" in limiter) {
    identity = await getIdentity(context);
    if (identity)
      checks.push({
        key: `${name}:uid:${identity.uid}`,
        limit: scaled(limiter.perAccount),
        what: limiter.what.account,
      });
  }
  checks.push({
    key: `${name}:ip:${clientKey(context, TRUST_PROXY)}`,
    limit: scaled(limiter.perAddress),
    what: limiter.what.address,
  });
  const role = await limitAllOrRefuse(await getDb(), checks, identity?.uid);
  if (identity) keepCallerRead(context.request, identity, role ?? null);
}

/** The handler behind limiter `name` (see the table in src/server/route-limits.ts). */
export function limited(
  name: LimiterName,
  handler: Handler,
): (context: APIContext) => Promise<Response> {
  return async (context) => {
    await countHit(context, name);
    return handler(context);
  };
}
