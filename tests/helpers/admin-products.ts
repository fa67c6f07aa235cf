/**
 * The admin products suites' fixture (tests/admin-products*.test.ts): the routes, a valid product
 * body, and for each database kind a fresh database with the owner, the shopper, a category and
 * twelve products, plus the calls the tests make (`productsKit(kind, owner, shopper)`).
 */
import { afterAll, beforeAll, beforeEach } from "vitest";
import { schema } from "~/server/db/client";
import { call } from "./call";
import { changed } from "./catalogue-changed-spy";
import { createTestDb, type TestDb } from "./db";
import { seedPortalProducts } from "./portal";

export const allProducts = await import("~/pages/v2/admin/allproducts");
export const adminProduct = await import("~/pages/v2/admin/product/[id]");
export const productRoute = await import("~/pages/v2/products/[id]");
export const productsRoute = await import("~/pages/v2/products/index");
export const homeToggle = await import("~/pages/v2/home-products/[id]");
export const productCounts = await import("~/pages/v2/admin/product-counts");

export const BODY = {
  name: "Ocean Frame",
  description: "Blue resin waves",
  price: 1499.5,
  comparePrice: 1999,
  costPrice: 600,
  weight: 0.75,
  categoryId: "frames",
  status: "active",
  sku: "OCEAN-1",
  variants: [
    { name: "Size", value: "A4", price: 300 },
    { name: "Finish", value: "Gold", price: 150.25 },
  ],
  attributes: [{ name: "Material", value: "Resin" }],
  tags: ["ocean", "blue"],
  images: [
    { url: "/images/ocean.webp", alt: "Ocean frame", isPrimary: true },
    { url: "/images/products/ocean-side.svg", alt: "Side view", isPrimary: false },
  ],
};

interface Account {
  uid: string;
  token: string;
}

export function productsKit(kind: TestDb["kind"], owner: Account, shopper: Account) {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind);
    await seedPortalProducts(t, owner, shopper, 12);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => {
    changed.calls.length = 0;
  });

  const post = (body: unknown, token = owner.token) =>
    call(productsRoute.POST, "/v2/products", { method: "POST", token, body });
  const put = (id: string, body: unknown, token = owner.token) =>
    call(productRoute.PUT, `/v2/products/${id}`, { method: "PUT", params: { id }, token, body });
  const toggle = (id: string, token = owner.token) =>
    call(homeToggle.PATCH, `/v2/home-products/${id}`, { method: "PATCH", params: { id }, token });
  const setStatus = (id: string, status: string, token = owner.token) =>
    call(productRoute.PATCH, `/v2/products/${id}?status=${status}`, {
      method: "PATCH",
      params: { id },
      token,
    });
  const counts = async () => ({
    products: (await t.db.select().from(schema.products)).length,
    variants: (await t.db.select().from(schema.productVariants)).length,
    images: (await t.db.select().from(schema.productImages)).length,
    home: (await t.db.select().from(schema.homeProducts)).length,
  });
  return {
    get t() {
      return t;
    },
    post,
    put,
    toggle,
    setStatus,
    counts,
  };
}
