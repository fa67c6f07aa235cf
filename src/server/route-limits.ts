/**
 * Every API route of the shop and its rate limit, or the reason it has none: ONE table
 * (docs/decisions/0177-a-limit-on-every-write.md). tests/route-limits.test.ts walks src/pages and
 * fails when a route is missing here, when a limiter named here is not wired, or when an
 * "owner only" route's handler does not call requireAdmin. docs/limits-and-readiness.md lists it.
 *
 * Every limiter counts hourly windows in `rate_limits` (src/server/rate-limit.server.ts) and refuses
 * with 429, `${what} Please wait N minutes and try again.` and Retry-After
 * (src/server/rate-limit-answer.server.ts).
 */
export { LIMITERS, type LimiterName, type RouteLimiter } from "./route-limiters";
import type { LimiterName } from "./route-limiters";

/**
 * A route's rule: a limiter wired in the route file, a limiter counted inside the handler (`in`
 * names the file that counts it, with keys "<limiter>:..."), or the reason there is none.
 */
export type RouteRule =
  | { limiter: LimiterName }
  | { counted: string; in: string; variables: string }
  | { none: string };

/** The reason of an owner-only route: its handler starts with requireAdmin. */
export const OWNER_ONLY = "owner only, requireAdmin";
const WEBHOOK = "webhook, signature-checked";
const CATALOGUE_READ = "public read of the cached catalogue";
const OWN_READ = "the caller's own small read, one indexed query";
const STORED_FILE = "a stored file (a document's PDF is rendered once, then kept)";
const DEMO_ONLY = "the local provider's stand-in page, demo mode only, one click per session";
const NOT_FOUND = "answers 404, writes nothing";
const CLAIM_FILE = `${STORED_FILE}; the claim's shopper (or quote link) only, else 404`;

const owner = { none: OWNER_ONLY };
const use = (limiter: LimiterName) => ({ limiter });

/** "METHOD /path" (the path as the file under src/pages names it) -> its rule. */
export const ROUTE_LIMITS: Record<string, RouteRule> = {
  // Checkout and payments
  "POST /create-order": {
    counted: "order",
    in: "src/features/checkout/order-limits.server.ts",
    variables: "ORDER_LIMIT_PER_HOUR, ORDER_LIMIT_PER_ADDRESS",
  },
  "POST /v2/quotes/[token]/pay": {
    counted: "order",
    in: "src/features/checkout/order-limits.server.ts",
    variables: "ORDER_LIMIT_PER_HOUR, ORDER_LIMIT_PER_ADDRESS",
  },
  "POST /v2/orders/[id]/pay-due": {
    counted: "order",
    in: "src/features/checkout/order-limits.server.ts",
    variables: "ORDER_LIMIT_PER_HOUR, ORDER_LIMIT_PER_ADDRESS",
  },
  "POST /[provider]/verify": use("payment-check"),
  "POST /[provider]/webhook": { none: WEBHOOK },
  "POST /v2/parcel-events": { none: "webhook, checked against the shop's tracking token" },
  "POST /pay/local/[session]/outcome": { none: DEMO_ONLY },
  "POST /v2/discounts/check": use("discount-check"),
  "POST /v2/quotes/[token]/discount": use("discount-check"),
  // Sign-up and the account
  "POST /v2/auth/register": {
    counted: "register",
    in: "src/features/account/account.api.ts",
    variables: "REGISTER_LIMIT_PER_HOUR",
  },
  "POST /v2/auth/login": use("account"),
  "POST /v2/auth-google/register": use("account"),
  "GET /v2/auth/config": { none: "the public Firebase web settings, a constant" },
  "PUT /v2/users/profile": use("account"),
  "POST /v2/users/profile-address": use("account"),
  "PUT /v2/users/profile-address": use("account"),
  "DELETE /v2/users/profile-address": use("account"),
  "POST /v2/team/accept": use("account"),
  // Data rights (docs/decisions/0101-data-rights.md)
  "GET /v2/users/my-data": use("my-data"),
  "POST /v2/users/grievance": use("grievance"),
  "POST /v2/users/consent-withdrawal": use("consent"),
  "POST /v2/users/delete-account": use("account"),
  "GET /v2/reminders/consent": { none: OWN_READ },
  "PUT /v2/reminders/consent": use("consent"),
  "GET /v2/whatsapp/consent": { none: OWN_READ },
  "PUT /v2/whatsapp/consent": use("consent"),
  "DELETE /v2/whatsapp/consent": use("consent"),
  "POST /v2/quotes/[token]/whatsapp": use("quote-link"),
  "GET /v2/whatsapp/webhook": {
    none: "Meta's handshake: compares the verify token, writes nothing",
  },
  "POST /v2/whatsapp/webhook": { none: WEBHOOK },
  "GET /v2/admin/settings/whatsapp": owner,
  "PUT /v2/admin/settings/whatsapp": owner,
  "POST /v2/admin/settings/whatsapp/test": owner,
  // Cart
  "GET /v2/carts": { none: OWN_READ },
  "POST /v2/carts": use("cart"),
  "DELETE /v2/carts": use("cart"),
  "PATCH /v2/carts": use("cart"),
  "PUT /v2/carts-merge": use("cart"),
  "DELETE /v2/clear-cart": use("cart"),
  // Inquiries, quote links, reviews, the shopper's orders
  "POST /v2/custom-order-email": {
    counted: "inquiry",
    in: "src/features/inquiries/inquiry.api.ts",
    variables: "INQUIRY_LIMIT_PER_HOUR, INQUIRY_EMAIL_LIMIT_PER_HOUR",
  },
  "POST /v2/inquiry-photos": {
    counted: "inquiry-photo",
    in: "src/features/inquiries/inquiry.api.ts",
    variables: "20 an hour per client address, fixed",
  },
  "GET /v2/quotes/[token]": { none: "one quote by its unguessable token, one query" },
  "POST /v2/quotes/[token]/materials": use("quote-link"),
  "POST /v2/quotes/[token]/needed-by": use("quote-link"),
  "POST /v2/quotes/[token]/proof": use("quote-link"),
  "GET /quote/[token]/documents/[document]": { none: STORED_FILE },
  "POST /v2/reviews": use("shopper-write"),
  "POST /v2/reviews/[id]/helpful": use("shopper-write"),
  "POST /v2/reviews/photos": {
    counted: "review-photo",
    in: "src/features/reviews/reviews.api.ts",
    variables: "20 an hour per shopper, no variable",
  },
  "GET /v2/orders": { none: OWN_READ },
  "POST /v2/orders/[id]/materials": use("shopper-write"),
  "POST /v2/orders/[id]/proof": use("shopper-write"),
  "PUT /v2/orders/[id]/personalisation": use("shopper-write"),
  "POST /v2/needed-by": use("shopper-write"),
  "GET /my-orders/[id]/documents/[document]": { none: STORED_FILE },
  // Public reads
  "GET /v2/categories": { none: CATALOGUE_READ },
  "GET /v2/home-products": { none: CATALOGUE_READ },
  "GET /v2/products": { none: CATALOGUE_READ },
  "GET /v2/products/[id]": { none: CATALOGUE_READ },
  "GET /v2/delivery-estimate": use("delivery-estimate"),
  "GET /media/[...path]": { none: "a stored image file, served as it is" },
  "GET /sitemap.xml": { none: CATALOGUE_READ },
  "GET /feeds/google.xml": { none: CATALOGUE_READ },
  "GET /feeds/meta.csv": { none: CATALOGUE_READ },
  "GET /robots.txt": { none: "a constant" },
  "GET /healthz": { none: "a constant answer for the load balancer" },
  "GET /readyz": { none: "the write probe inside is cached for a few seconds" },
  "ALL /v2/[...rest]": { none: NOT_FOUND },
  // The owner's portal
  "GET /v2/admin/feeds": owner,
  "PATCH /v2/home-products/[id]": owner,
  "POST /v2/products": owner,
  "PATCH /v2/products/[id]": owner,
  "PUT /v2/products/[id]": owner,
  "POST /v2/upload-cloud": owner,
  "GET /admin/documents/[document]": { none: `${OWNER_ONLY} (the session cookie's isAdmin)` },
  "GET /v2/admin/allorders": owner,
  "GET /v2/admin/allproducts": owner,
  "GET /v2/admin/audit": owner,
  "PATCH /v2/admin/categories/[id]": owner,
  "POST /v2/admin/categories/[id]": owner,
  "GET /v2/admin/categories": owner,
  "POST /v2/admin/categories": owner,
  "GET /v2/admin/category-tax": owner,
  "PUT /v2/admin/category-tax": owner,
  "GET /v2/admin/data-breaches": owner,
  "POST /v2/admin/data-breaches": owner,
  "GET /v2/admin/data-requests": owner,
  "PUT /v2/admin/discounts/[id]": owner,
  "GET /v2/admin/discounts": owner,
  "POST /v2/admin/discounts": owner,
  "GET /v2/admin/exports/[name]": owner,
  "PATCH /v2/admin/inquiries/[id]": owner,
  "GET /v2/admin/inquiries/[id]/quotes": owner,
  "POST /v2/admin/inquiries/[id]/quotes": owner,
  "GET /v2/admin/inquiries/count": owner,
  "GET /v2/admin/inquiries": owner,
  "GET /v2/admin/materials/overdue": owner,
  "GET /v2/admin/needed-by": owner,
  "GET /v2/admin/order-counts": owner,
  "GET /v2/admin/order/[id]": owner,
  "PUT /v2/admin/order/[id]": owner,
  "POST /v2/admin/order/[id]/balance": owner,
  "GET /v2/admin/order/[id]/documents": owner,
  "GET /v2/admin/order/[id]/materials": owner,
  "POST /v2/admin/order/[id]/materials": owner,
  "GET /v2/admin/order/[id]/payments": owner,
  "GET /v2/admin/order/[id]/proofs": owner,
  "POST /v2/admin/order/[id]/proofs": owner,
  "GET /v2/admin/order/[id]/refunds": owner,
  "POST /v2/admin/order/[id]/refunds": owner,
  "GET /v2/admin/order/[id]/shipments": owner,
  "POST /v2/admin/order/[id]/shipments": owner,
  "POST /v2/admin/order/[id]/shipping-charge": owner,
  "GET /v2/admin/order/[id]/stages": owner,
  "POST /v2/admin/order/[id]/stages": owner,
  "POST /v2/admin/outbox/[id]/resend": owner,
  "GET /v2/admin/outbox/count": owner,
  "GET /v2/admin/outbox": owner,
  "GET /v2/admin/product-counts": owner,
  "GET /v2/admin/product/[id]": owner,
  "GET /v2/admin/product/[id]/proofs": owner,
  "PUT /v2/admin/product/[id]/proofs": owner,
  "GET /v2/admin/product/[id]/stock": owner,
  "PUT /v2/admin/product/[id]/stock": owner,
  "POST /v2/admin/product/[id]/stock/adjustments": owner,
  "GET /v2/admin/stock": owner,
  "POST /v2/admin/stock/upload": owner,
  "PUT /v2/admin/quotes/[id]": owner,
  "POST /v2/admin/quotes/[id]/[action]": owner,
  "GET /v2/admin/quotes/[id]/deposit": owner,
  "PUT /v2/admin/quotes/[id]/deposit": owner,
  "GET /v2/admin/reports/gst.csv": owner,
  "GET /v2/admin/reports/gst": owner,
  "GET /v2/admin/reports/sales": owner,
  "PATCH /v2/admin/reviews/[id]": owner,
  "GET /v2/admin/reviews/count": owner,
  "GET /v2/admin/reviews": owner,
  "GET /v2/admin/settings/business": owner,
  "PUT /v2/admin/settings/business": owner,
  "GET /v2/admin/settings/privacy": owner,
  "PUT /v2/admin/settings/privacy": owner,
  "GET /v2/admin/settings/reviews": owner,
  "PUT /v2/admin/settings/reviews": owner,
  "GET /v2/admin/settings/shipping": owner,
  "PUT /v2/admin/settings/shipping": owner,
  "GET /v2/admin/settings/studio": owner,
  "PUT /v2/admin/settings/studio": owner,
  "POST /v2/admin/shipments/[id]/book": owner,
  "POST /v2/admin/shipments/[id]/mark": owner,
  "POST /v2/admin/shipments/[id]/seen": owner,
  "GET /v2/admin/shipments/alerts": owner,
  "GET /v2/admin/setup": owner,
  "GET /v2/admin/studio/queue": owner,
  "GET /v2/admin/team": owner,
  "POST /v2/admin/team/invites": owner,
  "PUT /v2/admin/team/[uid]": owner,
  "DELETE /v2/admin/team/[uid]": owner,
  "POST /v2/orders/[id]/claim": use("shopper-write"),
  "POST /v2/quotes/[token]/claim": use("quote-link"),
  "GET /my-orders/[id]/claim-media/[media]": { none: CLAIM_FILE },
  "GET /quote/[token]/claim-media/[media]": { none: CLAIM_FILE },
  "POST /v2/personal-photos": use("shopper-write"),
  "GET /personal-photos/[id]": {
    none: `${STORED_FILE}; its uploader (or guest cart), the order's buyer and the owner only, else 404`,
  },
  "POST /v2/quotes/[token]/photos": use("quote-link"),
  "GET /quote/[token]/photos/[id]": {
    none: `${STORED_FILE}; only a photo of the quote the unguessable token opens, else 404`,
  },
  "GET /admin/claim-media/[media]": { none: "owner only, the session cookie's isAdmin" },
  "GET /v2/admin/claims": owner,
  "GET /v2/admin/claims/count": owner,
  "POST /v2/admin/claims/[id]/decision": owner,
  "POST /v2/admin/order/[id]/claim": owner,
  "GET /v2/admin/settings/claims": owner,
  "PUT /v2/admin/settings/claims": owner,
  "GET /v2/admin/reports/claims": owner,
};
