/**
 * The WhatsApp routes' rows of the one route table (src/server/route-limits.ts, decision 0177),
 * kept here so that file stays under 300 lines; route-limits.ts spreads them in with its helpers.
 */
import type { LimiterName, RouteRule } from "./route-limits";

export function whatsappRoutes(h: {
  owner: RouteRule;
  use: (limiter: LimiterName) => RouteRule;
  webhook: string;
  ownRead: string;
}): Record<string, RouteRule> {
  return {
    "GET /v2/whatsapp/consent": { none: h.ownRead },
    "PUT /v2/whatsapp/consent": h.use("consent"),
    "DELETE /v2/whatsapp/consent": h.use("consent"),
    "POST /v2/quotes/[token]/whatsapp": h.use("quote-link"),
    "GET /v2/whatsapp/webhook": {
      none: "Meta's handshake: compares the verify token, writes nothing",
    },
    "POST /v2/whatsapp/webhook": { none: h.webhook },
    "GET /v2/admin/settings/whatsapp": h.owner,
    "PUT /v2/admin/settings/whatsapp": h.owner,
    "POST /v2/admin/settings/whatsapp/test": h.owner,
  };
}
