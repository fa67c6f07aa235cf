/**
 * The damage claims' routes (docs/decisions/0247-damage-claims.md) for ROUTE_LIMITS, the one table in
 * route-limits.ts, which spreads them in (that file is at the size limit). Built from its rule makers,
 * so the rules are the same objects as every other row's.
 */
import type { LimiterName, RouteRule } from "./route-limits";

export function claimRouteLimits(
  owner: RouteRule,
  use: (limiter: LimiterName) => RouteRule,
  storedFile: string,
): Record<string, RouteRule> {
  const file = { none: `${storedFile}; the claim's shopper (or quote link) only, else 404` };
  return {
    "POST /v2/orders/[id]/claim": use("shopper-write"),
    "POST /v2/quotes/[token]/claim": use("quote-link"),
    "GET /my-orders/[id]/claim-media/[media]": file,
    "GET /quote/[token]/claim-media/[media]": file,
    "GET /admin/claim-media/[media]": { none: "owner only, the session cookie's isAdmin" },
    "GET /v2/admin/claims": owner,
    "GET /v2/admin/claims/count": owner,
    "POST /v2/admin/claims/[id]/decision": owner,
    "POST /v2/admin/order/[id]/claim": owner,
    "GET /v2/admin/settings/claims": owner,
    "PUT /v2/admin/settings/claims": owner,
    "GET /v2/admin/reports/claims": owner,
  };
}
