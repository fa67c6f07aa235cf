/**
 * The first half of the admin authorisation matrix's route table (tests/admin-authz.test.ts):
 * orders, products, uploads, categories, inquiries and custom work. The rest, and the whole
 * table, are in admin-authz-rows.ts.
 */

import { DAY_MS } from "~/lib/dates";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface Row {
  /** The route file, relative to src/pages/v2/. */
  file: string;
  method: Method;
  url: string;
  params?: Record<string, string>;
  body?: unknown;
  multipart?: boolean;
}

/** What a row's call carries: route params, a query after the address, a JSON body, a file upload. */
export interface RowCall {
  params?: Record<string, string>;
  query?: string;
  body?: unknown;
  multipart?: boolean;
}

/**
 * A row of the table: the address is the route file's path under /v2/ (without `index`) with its
 * [params] filled in, then `query`.
 */
export function row(method: Method, file: string, call: RowCall = {}): Row {
  const { query = "", ...rest } = call;
  const path = file
    .replace(/\.ts$/, "")
    .replace(/(^|\/)index$/, "")
    .replace(/\[(\w+)\]/g, (_, name: string) => call.params?.[name] ?? `[${name}]`);
  return { file, method, url: `/v2/${path}${query}`, ...rest };
}

/** The seeded order, product and inquiry (tests/admin-authz.test.ts's seed). */
export const o1 = { id: "o1" };
export const p1 = { id: "p1" };
export const q1 = { id: "q1" };

const PRODUCT_BODY = {
  name: "Authz Tray",
  description: "",
  price: 999,
  comparePrice: 1299,
  costPrice: 400,
  weight: 0.5,
  category: "Frames",
  status: "active",
  variants: [],
  attributes: [],
  tags: [],
  images: [{ url: "/images/products/tray.svg", alt: "", isPrimary: true }],
};
const QUOTE_BODY = {
  title: "Authz keepsake",
  description: "",
  price: 4500,
  shippingEstimate: 120,
  dispatchMinDays: 7,
  dispatchMaxDays: 15,
  stageSet: "custom",
  expiresAt: new Date(Date.now() + 10 * DAY_MS).toISOString().slice(0, 10),
};
export const SHOP_ROWS: Row[] = [
  // Orders (docs/product.md §7 Admin)
  row("GET", "admin/allorders.ts"),
  row("GET", "admin/order-counts.ts"),
  row("GET", "admin/product-counts.ts"),
  row("GET", "admin/order/[id].ts", { params: o1 }),
  row("PUT", "admin/order/[id].ts", { params: o1, query: "?status=processing" }),
  // Products and the homepage listing
  row("GET", "admin/allproducts.ts", { query: "?limit=0&offset=0&status=all" }),
  row("GET", "admin/product/[id].ts", { params: p1 }),
  row("GET", "products/index.ts", { query: "?limit=0&offset=0&status=all" }),
  row("POST", "products/index.ts", { body: { ...PRODUCT_BODY, sku: "AUTHZ-NEW" } }),
  row("PUT", "products/[id].ts", { params: p1, body: { ...PRODUCT_BODY, sku: "AUTHZ-1" } }),
  row("PATCH", "products/[id].ts", { params: p1, query: "?status=inactive" }),
  row("PATCH", "home-products/[id].ts", { params: p1 }),
  // Uploads
  row("POST", "upload-cloud.ts", { multipart: true }),
  // Categories
  row("GET", "admin/categories/index.ts"),
  row("POST", "admin/categories/index.ts", { body: { name: "Authz Trays" } }),
  row("PATCH", "admin/categories/[id].ts", { params: { id: "Frames" }, query: "?new_show=0" }),
  row("POST", "admin/categories/[id].ts", {
    params: { id: "Frames" },
    query: `?img=${encodeURIComponent("/media/authz.webp")}`,
  }),
  // Inquiries
  row("GET", "admin/inquiries/index.ts"),
  row("GET", "admin/inquiries/count.ts", { query: "?status=new" }),
  row("PATCH", "admin/inquiries/[id].ts", { params: q1, query: "?status=contacted" }),
  // Custom work (decisions 0045, 0046): quotes, studio stages, the shipping charge
  row("GET", "admin/inquiries/[id]/quotes.ts", { params: q1 }),
  row("POST", "admin/inquiries/[id]/quotes.ts", { params: q1, body: QUOTE_BODY }),
  row("PUT", "admin/quotes/[id].ts", { params: { id: "none" }, body: QUOTE_BODY }),
  row("POST", "admin/quotes/[id]/[action].ts", { params: { id: "none", action: "withdraw" } }),
  row("GET", "admin/order/[id]/stages.ts", { params: o1 }),
  row("POST", "admin/order/[id]/stages.ts", { params: o1, body: { stage: "design-agreed" } }),
  row("GET", "admin/order/[id]/proofs.ts", { params: o1 }),
  row("POST", "admin/order/[id]/proofs.ts", {
    params: o1,
    body: { images: ["/media/p.webp"], message: "Proof" },
  }),
  row("GET", "admin/product/[id]/proofs.ts", { params: p1 }),
  row("PUT", "admin/product/[id]/proofs.ts", { params: p1, body: { skip: true } }),
  // Stock (docs/decisions/0218)
  row("GET", "admin/product/[id]/stock.ts", { params: p1 }),
  row("PUT", "admin/product/[id]/stock.ts", { params: p1, body: { mode: "made_to_order" } }),
  row("POST", "admin/product/[id]/stock/adjustments.ts", {
    params: p1,
    body: { change: 1, reason: "counted" },
  }),
  row("GET", "admin/stock/index.ts"),
  row("POST", "admin/stock/upload.ts", { body: "Product id,Stock mode,On hand\r\n" }),
  row("GET", "admin/settings/studio.ts"),
  row("PUT", "admin/settings/studio.ts", { body: { value: { unit: "pieces" }, version: 0 } }),
  row("GET", "admin/studio/queue.ts"),
  row("GET", "admin/needed-by.ts"),
];
