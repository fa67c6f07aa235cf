/**
 * The shop's rate limiters: how many hits an hour each allows, per account and per address, and the
 * first words of its 429 sentence. The routes that use them are in route-limits.ts, the one table
 * (docs/decisions/0177-a-limit-on-every-write.md); the counting is rate-limit.server.ts.
 */
/** A limiter wired by `limited(name, handler)` in the route file (src/server/limited.server.ts). */
export interface RouteLimiter {
  /** Hits an hour per signed-in account (counted when the request carries a valid token). */
  perAccount?: number;
  /** Hits an hour per client address (docs/decisions/0071-client-address-behind-proxies.md). */
  perAddress?: number;
  /** The first words of the 429 sentence, per account and per address. */
  what: { account: string; address: string };
}

export const LIMITERS = {
  grievance: {
    perAccount: 5,
    perAddress: 20,
    what: {
      account: "Too many messages to the grievance officer from your account.",
      address: "Too many messages to the grievance officer from your network.",
    },
  },
  "my-data": {
    perAccount: 5,
    perAddress: 20,
    what: {
      account: "Too many data downloads from your account.",
      address: "Too many data downloads from your network.",
    },
  },
  consent: {
    perAccount: 10,
    perAddress: 60,
    what: {
      account: "Too many consent changes from your account.",
      address: "Too many consent changes from your network.",
    },
  },
  "discount-check": {
    perAccount: 20,
    perAddress: 60,
    what: {
      account: "Too many discount codes tried from your account.",
      address: "Too many discount codes tried from your network.",
    },
  },
  account: {
    perAccount: 60,
    perAddress: 300,
    what: {
      account: "Too many account changes from your account.",
      address: "Too many account changes from your network.",
    },
  },
  cart: {
    perAccount: 600,
    perAddress: 1800,
    what: {
      account: "Too many cart changes from your account.",
      address: "Too many cart changes from your network.",
    },
  },
  "shopper-write": {
    perAccount: 60,
    perAddress: 300,
    what: {
      account: "Too many requests from your account.",
      address: "Too many requests from your network.",
    },
  },
  "quote-link": {
    perAddress: 60,
    what: {
      account: "Too many requests on this quote link.",
      address: "Too many requests on quote links from your network.",
    },
  },
  "delivery-estimate": {
    perAddress: 300,
    what: {
      account: "Too many delivery estimates asked.",
      address: "Too many delivery estimates asked from your network.",
    },
  },
  "payment-check": {
    perAccount: 120,
    perAddress: 600,
    what: {
      account: "Too many payment checks from your account.",
      address: "Too many payment checks from your network.",
    },
  },
} as const satisfies Record<string, RouteLimiter>;

export type LimiterName = keyof typeof LIMITERS;
