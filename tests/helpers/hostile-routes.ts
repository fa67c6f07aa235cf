/**
 * The hostile-input suites' table of routes (decision 0004: every API route is in it) and what a
 * target of the runner in ./hostile.ts is. A new route adds its module to `routes`.
 */
import type { APIRoute } from "astro";

export const routes = {
  rest: await import("~/pages/v2/[...rest]"),
  googleRegister: await import("~/pages/v2/auth-google/register"),
  config: await import("~/pages/v2/auth/config"),
  login: await import("~/pages/v2/auth/login"),
  register: await import("~/pages/v2/auth/register"),
  cartsMerge: await import("~/pages/v2/carts-merge"),
  carts: await import("~/pages/v2/carts"),
  orders: await import("~/pages/v2/orders"),
  categories: await import("~/pages/v2/categories"),
  clearCart: await import("~/pages/v2/clear-cart"),
  inquiry: await import("~/pages/v2/custom-order-email"),
  homeProducts: await import("~/pages/v2/home-products"),
  product: await import("~/pages/v2/products/[id]"),
  products: await import("~/pages/v2/products/index"),
  address: await import("~/pages/v2/users/profile-address"),
  profile: await import("~/pages/v2/users/profile"),
  healthz: await import("~/pages/healthz"),
  readyz: await import("~/pages/readyz"),
  createOrder: await import("~/pages/create-order"),
  verify: await import("~/pages/[provider]/verify"),
  webhook: await import("~/pages/[provider]/webhook"),
  adminCategories: await import("~/pages/v2/admin/categories/index"),
  adminCategory: await import("~/pages/v2/admin/categories/[id]"),
  adminInquiries: await import("~/pages/v2/admin/inquiries/index"),
  adminInquiryCount: await import("~/pages/v2/admin/inquiries/count"),
  adminInquiry: await import("~/pages/v2/admin/inquiries/[id]"),
};

export interface Target {
  name: string;
  route: APIRoute | undefined;
  method: string;
  url: string;
  /** A valid body: its fields get the hostile values. Absent: the route reads no body. */
  base?: () => Record<string, unknown>;
  /** A query parameter the route reads, given QUERY_VALUES. */
  queryKey?: string;
  /** Valid value of queryKey (used with the body cases). */
  queryValue?: () => string;
  /** Runs before every case (keeps limits such as 20 addresses or 50 cart lines from hiding later cases). */
  reset?: () => Promise<void>;
  /** Give every call its own client address (the inquiry rate limit). */
  freshClient?: boolean;
  token?: string;
  /** Statuses the route answers by design whatever the input (/readyz: 503 while a part is down). */
  designed?: number[];
  /** Route parameters ([provider]). */
  params?: Record<string, string>;
  /**
   * The route checks a signature over the raw bytes before anything parses them (the payment
   * webhooks, docs/decisions/0056): an unsigned malformed body is a 401, not a 400.
   */
  signed?: boolean;
}
