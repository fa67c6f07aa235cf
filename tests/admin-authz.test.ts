/**
 * The authorisation matrix of the owner's portal (docs/product.md §6, decision 0005): EVERY admin endpoint and every
 * admin mutation of the API, called with no token (401), a shopper's token (403) and the owner's
 * (neither 401 nor 403, and no 500). Real accounts on a private Auth Emulator; the owner's role is
 * its users row. One row per method and address, and every row's route file must exist. Every file under
 * src/pages/v2/admin/ must have a row for each method it exports, so a new admin route cannot
 * ship outside the matrix.
 */
import type { APIRoute } from "astro";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "../src/server/db/client";
import { call, type CallOptions } from "./helpers/call";
import { createTestDb, dbKinds, type TestDb } from "./helpers/db";
import { EMULATOR_PORTS } from "./helpers/ports";
import { usePortalAccounts } from "./helpers/portal";

const EMULATOR_PORT = EMULATOR_PORTS.adminAuthz;

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type RouteModule = Partial<Record<Method | "ALL", APIRoute>>;

/** Every API route file, loaded on demand; a path absent here is not on this branch (yet). */
const ROUTE_FILES = import.meta.glob<RouteModule>("../src/pages/v2/**/*.ts");
const V2 = "../src/pages/v2/";

const PERSON = {
  firstName: "Asha",
  lastName: "Verma",
  phone: "9876543210",
  email: "asha@example.com",
};
const ADDRESS = {
  id: "a1",
  type: "Home",
  address1: "12 MI Road",
  address2: "",
  city: "Jaipur",
  state: "Rajasthan",
  zipCode: "302001",
  country: "India",
};
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
const BOUNDARY = "authzboundary";
/** A text file with a .png name: the owner's upload is refused for its content (400), never for who sent it. */
const MULTIPART = [
  `--${BOUNDARY}`,
  'Content-Disposition: form-data; name="file"; filename="disguised.png"',
  "Content-Type: image/png",
  "",
  "this is not a png",
  `--${BOUNDARY}--`,
  "",
].join("\r\n");

interface Row {
  /** The route file, relative to src/pages/v2/. */
  file: string;
  method: Method;
  url: string;
  params?: Record<string, string>;
  body?: unknown;
  multipart?: boolean;
}

const ROWS: Row[] = [
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
  // The shipping routes from main (their rows were missing there).
  {
    file: "admin/order/[id]/shipments.ts",
    method: "GET",
    url: "/v2/admin/order/o1/shipments",
    params: { id: "o1" },
  },
  {
    file: "admin/order/[id]/shipments.ts",
    method: "POST",
    url: "/v2/admin/order/o1/shipments",
    params: { id: "o1" },
    body: {},
  },
  { file: "admin/settings/shipping.ts", method: "GET", url: "/v2/admin/settings/shipping" },
  {
    file: "admin/settings/shipping.ts",
    method: "PUT",
    url: "/v2/admin/settings/shipping",
    body: { value: {}, version: 0 },
  },
  {
    file: "admin/shipments/[id]/book.ts",
    method: "POST",
    url: "/v2/admin/shipments/s1/book",
    params: { id: "s1" },
    body: {},
  },
  {
    file: "admin/shipments/[id]/mark.ts",
    method: "POST",
    url: "/v2/admin/shipments/s1/mark",
    params: { id: "s1" },
    body: {},
  },
  {
    file: "admin/quotes/[id]/deposit.ts",
    method: "GET",
    url: "/v2/admin/quotes/q1/deposit",
    params: { id: "q1" },
  },
  {
    file: "admin/quotes/[id]/deposit.ts",
    method: "PUT",
    url: "/v2/admin/quotes/q1/deposit",
    params: { id: "q1" },
    body: { percent: 30 },
  },
  {
    file: "admin/order/[id]/balance.ts",
    method: "POST",
    url: "/v2/admin/order/o1/balance",
    params: { id: "o1" },
  },
  { file: "admin/materials/overdue.ts", method: "GET", url: "/v2/admin/materials/overdue" },
  {
    file: "admin/order/[id]/materials.ts",
    method: "GET",
    url: "/v2/admin/order/o1/materials",
    params: { id: "o1" },
  },
  {
    file: "admin/order/[id]/materials.ts",
    method: "POST",
    url: "/v2/admin/order/o1/materials",
    params: { id: "o1" },
    body: { note: "Arrived fresh" },
  },
  {
    file: "admin/order/[id]/shipping-charge.ts",
    method: "POST",
    url: "/v2/admin/order/o1/shipping-charge",
    params: { id: "o1" },
    body: { amount: 100 },
  },
  {
    file: "admin/order/[id]/refunds.ts",
    method: "GET",
    url: "/v2/admin/order/o1/refunds",
    params: { id: "o1" },
  },
  {
    file: "admin/order/[id]/refunds.ts",
    method: "POST",
    url: "/v2/admin/order/o1/refunds",
    params: { id: "o1" },
    body: { reason: "Damaged in transit" },
  },
  {
    file: "admin/order/[id]/payments.ts",
    method: "GET",
    url: "/v2/admin/order/o1/payments",
    params: { id: "o1" },
  },
  // Reports and exports (docs/decisions/0090-reports-read-model.md)
  { file: "admin/reports/sales.ts", method: "GET", url: "/v2/admin/reports/sales" },
  { file: "admin/reports/gst.ts", method: "GET", url: "/v2/admin/reports/gst" },
  { file: "admin/reports/gst.csv.ts", method: "GET", url: "/v2/admin/reports/gst.csv" },
  {
    file: "admin/exports/[name].ts",
    method: "GET",
    url: "/v2/admin/exports/customers",
    params: { name: "customers" },
  },
  // The audit trail and the outbox (decisions 0110, 0111)
  { file: "admin/audit.ts", method: "GET", url: "/v2/admin/audit" },
  { file: "admin/outbox/index.ts", method: "GET", url: "/v2/admin/outbox" },
  { file: "admin/outbox/count.ts", method: "GET", url: "/v2/admin/outbox/count" },
  {
    file: "admin/outbox/[id]/resend.ts",
    method: "POST",
    url: "/v2/admin/outbox/m1/resend",
    params: { id: "m1" },
  },
  // Discount codes (docs/decisions/0095)
  { file: "admin/discounts/index.ts", method: "GET", url: "/v2/admin/discounts" },
  {
    file: "admin/discounts/index.ts",
    method: "POST",
    url: "/v2/admin/discounts",
    body: {
      code: "AUTHZ10",
      kind: "percent",
      percent: 10,
      amount: 0,
      minimumOrder: 0,
      maximumDiscount: null,
      startsAt: null,
      endsAt: null,
      totalUses: null,
      usesPerShopper: null,
      productIds: [],
      categoryIds: [],
      active: true,
      forQuotes: false,
    },
  },
  {
    file: "admin/discounts/[id].ts",
    method: "PUT",
    url: "/v2/admin/discounts/none",
    params: { id: "none" },
    body: { code: "NONE" },
  },
  // Review moderation and data rights (decisions 0100, 0101)
  { file: "admin/reviews/index.ts", method: "GET", url: "/v2/admin/reviews" },
  { file: "admin/reviews/count.ts", method: "GET", url: "/v2/admin/reviews/count?status=pending" },
  {
    file: "admin/reviews/[id].ts",
    method: "PATCH",
    url: "/v2/admin/reviews/r1?action=publish",
    params: { id: "r1" },
    body: {},
  },
  { file: "admin/data-requests.ts", method: "GET", url: "/v2/admin/data-requests" },
  { file: "admin/settings/privacy.ts", method: "GET", url: "/v2/admin/settings/privacy" },
  {
    file: "admin/settings/privacy.ts",
    method: "PUT",
    url: "/v2/admin/settings/privacy",
    body: {
      value: { officerName: "Meera Rao", email: "grievance@example.com", phone: "" },
      version: 0,
    },
  },
  { file: "admin/settings/reviews.ts", method: "GET", url: "/v2/admin/settings/reviews" },
  {
    file: "admin/settings/reviews.ts",
    method: "PUT",
    url: "/v2/admin/settings/reviews",
    body: { value: { publishAtOnce: true }, version: 0 },
  },
  // The books (docs/decisions/0083-0086)
  { file: "admin/settings/business.ts", method: "GET", url: "/v2/admin/settings/business" },
  {
    file: "admin/settings/business.ts",
    method: "PUT",
    url: "/v2/admin/settings/business",
    body: { value: {}, version: 0 },
  },
  {
    file: "admin/order/[id]/documents.ts",
    method: "GET",
    url: "/v2/admin/order/o1/documents",
    params: { id: "o1" },
  },
  { file: "admin/category-tax.ts", method: "GET", url: "/v2/admin/category-tax" },
  {
    file: "admin/category-tax.ts",
    method: "PUT",
    url: "/v2/admin/category-tax",
    body: { categoryId: "Frames", hsn: "3926", gstRate: 18 },
  },
];

const present = (row: Row) => `${V2}${row.file}` in ROUTE_FILES;

async function handlerOf(row: Row): Promise<APIRoute> {
  const module = await ROUTE_FILES[`${V2}${row.file}`]!();
  const handler = module[row.method];
  if (!handler) throw new Error(`src/pages/v2/${row.file} does not export ${row.method}`);
  return handler;
}

function options(row: Row, token?: string): CallOptions {
  const base: CallOptions = { method: row.method, params: row.params, token };
  if (row.multipart)
    return {
      ...base,
      rawBody: MULTIPART,
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    };
  if (row.body !== undefined) return { ...base, body: row.body };
  return base;
}

const { owner, shopper } = usePortalAccounts(EMULATOR_PORT);

it("has a row for every method of every route file under src/pages/v2/admin/", async () => {
  const missing: string[] = [];
  for (const [path, load] of Object.entries(ROUTE_FILES)) {
    if (!path.startsWith(`${V2}admin/`)) continue;
    const file = path.slice(V2.length);
    const module = await load();
    for (const method of Object.keys(module).filter((name) => name !== "ALL")) {
      if (!ROWS.some((row) => row.file === file && row.method === method))
        missing.push(`${method} src/pages/v2/${file}`);
    }
  }
  expect(missing, "add a row to tests/admin-authz.test.ts for each").toEqual([]);
  expect(ROWS.filter((row) => !present(row)).map((row) => row.file)).toEqual([]);
});

async function seed(t: TestDb) {
  await t.db.insert(schema.users).values([
    { id: owner.uid, email: `${owner.uid}@example.com`, role: "tm_admin" },
    { id: shopper.uid, email: `${shopper.uid}@example.com` },
  ]);
  await t.db.insert(schema.categories).values({ id: "Frames", slug: "frames", name: "Frames" });
  await t.db
    .insert(schema.products)
    .values({ id: "p1", name: "Frame", pricePaise: 99900, sku: "AUTHZ-1", categoryId: "Frames" });
  await t.db.insert(schema.orders).values({
    id: "o1",
    userId: shopper.uid,
    subtotalPaise: 99900,
    totalPaise: 99900,
    shippingName: PERSON,
    billingName: PERSON,
    shippingAddress: ADDRESS,
    billingAddress: ADDRESS,
    timeline: { pending: "2026-01-01T10:00:00Z" },
  });
  await t.db
    .insert(schema.customInquiries)
    .values({ id: "q1", name: "Asha", email: "asha@example.com", productType: "Frame" });
}

describe.each(dbKinds)("admin authorisation matrix on %s", (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind);
    await seed(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  for (const row of ROWS) {
    const name = `${row.method} ${row.url.split("?")[0]}: no token 401, shopper 403, owner allowed`;
    it(name, async () => {
      const handler = await handlerOf(row);
      const anonymous = await call(handler, row.url, options(row));
      expect(anonymous.status, `${row.method} ${row.url} without a token`).toBe(401);
      expect(anonymous.json?.error).toEqual(expect.any(String));
      const asShopper = await call(handler, row.url, options(row, shopper.token));
      expect(asShopper.status, `${row.method} ${row.url} as a shopper`).toBe(403);
      const asOwner = await call(handler, row.url, options(row, owner.token));
      expect(
        [401, 403],
        `${row.method} ${row.url} as the owner: ${asOwner.text.slice(0, 200)}`,
      ).not.toContain(asOwner.status);
      expect(
        asOwner.status,
        `${row.method} ${row.url} as the owner: ${asOwner.text.slice(0, 200)}`,
      ).toBeLessThan(500);
    });
  }
});
