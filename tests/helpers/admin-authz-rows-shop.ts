/**
 * The first half of the admin authorisation matrix's route table (tests/admin-authz.test.ts):
 * orders, products, uploads, categories, inquiries and custom work. The rest, and the whole
 * table, are in admin-authz-rows.ts.
 */

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
  expiresAt: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
};
export const SHOP_ROWS: Row[] = [
  // Orders (docs/product.md §7 Admin)
  { file: "admin/allorders.ts", method: "GET", url: "/v2/admin/allorders" },
  { file: "admin/order-counts.ts", method: "GET", url: "/v2/admin/order-counts" },
  { file: "admin/product-counts.ts", method: "GET", url: "/v2/admin/product-counts" },
  { file: "admin/order/[id].ts", method: "GET", url: "/v2/admin/order/o1", params: { id: "o1" } },
  {
    file: "admin/order/[id].ts",
    method: "PUT",
    url: "/v2/admin/order/o1?status=processing",
    params: { id: "o1" },
  },
  // Products and the homepage listing
  {
    file: "admin/allproducts.ts",
    method: "GET",
    url: "/v2/admin/allproducts?limit=0&offset=0&status=all",
  },
  {
    file: "admin/product/[id].ts",
    method: "GET",
    url: "/v2/admin/product/p1",
    params: { id: "p1" },
  },
  { file: "products/index.ts", method: "GET", url: "/v2/products?limit=0&offset=0&status=all" },
  {
    file: "products/index.ts",
    method: "POST",
    url: "/v2/products",
    body: { ...PRODUCT_BODY, sku: "AUTHZ-NEW" },
  },
  {
    file: "products/[id].ts",
    method: "PUT",
    url: "/v2/products/p1",
    params: { id: "p1" },
    body: { ...PRODUCT_BODY, sku: "AUTHZ-1" },
  },
  {
    file: "products/[id].ts",
    method: "PATCH",
    url: "/v2/products/p1?status=inactive",
    params: { id: "p1" },
  },
  {
    file: "home-products/[id].ts",
    method: "PATCH",
    url: "/v2/home-products/p1",
    params: { id: "p1" },
  },
  // Uploads
  { file: "upload-cloud.ts", method: "POST", url: "/v2/upload-cloud", multipart: true },
  // Categories
  { file: "admin/categories/index.ts", method: "GET", url: "/v2/admin/categories" },
  {
    file: "admin/categories/index.ts",
    method: "POST",
    url: "/v2/admin/categories",
    body: { name: "Authz Trays" },
  },
  {
    file: "admin/categories/[id].ts",
    method: "PATCH",
    url: "/v2/admin/categories/Frames?new_show=0",
    params: { id: "Frames" },
  },
  {
    file: "admin/categories/[id].ts",
    method: "POST",
    url: `/v2/admin/categories/Frames?img=${encodeURIComponent("/media/authz.webp")}`,
    params: { id: "Frames" },
  },
  // Inquiries
  { file: "admin/inquiries/index.ts", method: "GET", url: "/v2/admin/inquiries" },
  { file: "admin/inquiries/count.ts", method: "GET", url: "/v2/admin/inquiries/count?status=new" },
  {
    file: "admin/inquiries/[id].ts",
    method: "PATCH",
    url: "/v2/admin/inquiries/q1?status=contacted",
    params: { id: "q1" },
  },
  // Custom work (decisions 0045, 0046): quotes, studio stages, the shipping charge
  {
    file: "admin/inquiries/[id]/quotes.ts",
    method: "GET",
    url: "/v2/admin/inquiries/q1/quotes",
    params: { id: "q1" },
  },
  {
    file: "admin/inquiries/[id]/quotes.ts",
    method: "POST",
    url: "/v2/admin/inquiries/q1/quotes",
    params: { id: "q1" },
    body: QUOTE_BODY,
  },
  {
    file: "admin/quotes/[id].ts",
    method: "PUT",
    url: "/v2/admin/quotes/none",
    params: { id: "none" },
    body: QUOTE_BODY,
  },
  {
    file: "admin/quotes/[id]/[action].ts",
    method: "POST",
    url: "/v2/admin/quotes/none/withdraw",
    params: { id: "none", action: "withdraw" },
  },
  {
    file: "admin/order/[id]/stages.ts",
    method: "GET",
    url: "/v2/admin/order/o1/stages",
    params: { id: "o1" },
  },
  {
    file: "admin/order/[id]/stages.ts",
    method: "POST",
    url: "/v2/admin/order/o1/stages",
    params: { id: "o1" },
    body: { stage: "design-agreed" },
  },
  {
    file: "admin/order/[id]/proofs.ts",
    method: "GET",
    url: "/v2/admin/order/o1/proofs",
    params: { id: "o1" },
  },
  {
    file: "admin/order/[id]/proofs.ts",
    method: "POST",
    url: "/v2/admin/order/o1/proofs",
    params: { id: "o1" },
    body: { images: ["/media/p.webp"], message: "Proof" },
  },
  {
    file: "admin/product/[id]/proofs.ts",
    method: "GET",
    url: "/v2/admin/product/p1/proofs",
    params: { id: "p1" },
  },
  {
    file: "admin/product/[id]/proofs.ts",
    method: "PUT",
    url: "/v2/admin/product/p1/proofs",
    params: { id: "p1" },
    body: { skip: true },
  },
  { file: "admin/settings/studio.ts", method: "GET", url: "/v2/admin/settings/studio" },
  {
    file: "admin/settings/studio.ts",
    method: "PUT",
    url: "/v2/admin/settings/studio",
    body: { value: { unit: "pieces" }, version: 0 },
  },
  { file: "admin/studio/queue.ts", method: "GET", url: "/v2/admin/studio/queue" },
  { file: "admin/needed-by.ts", method: "GET", url: "/v2/admin/needed-by" },
];
