/**
 * The catalogue API (docs/product.md §7 "Catalogue and home") against a real database: the route exports
 * are called as the server would call them. The pages' server reads: catalogue-pages.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestAuth, type TestAccount, type TestAuth } from "./helpers/auth";
import { schema } from "../src/server/db/client";
import { createTestDb, dbKinds, type TestDb } from "./helpers/db";
import { call } from "./helpers/call";
import { ACTIVE, day, pid, rowCounts, seed } from "./helpers/catalogue";
import { EMULATOR_PORTS } from "./helpers/ports";

// Callers are real accounts on a private Auth Emulator, their tokens checked by the real auth
// module; the admin's role comes from its users row, as in production.
const EMULATOR_PORT = EMULATOR_PORTS.catalogue;
let auth: TestAuth;
let adminToken: string;
let customerToken: string;
let accounts: { admin: TestAccount; customer: TestAccount };

beforeAll(async () => {
  auth = await startTestAuth(EMULATOR_PORT);
  accounts = { admin: await auth.createUser(), customer: await auth.createUser() };
  adminToken = accounts.admin.token;
  customerToken = accounts.customer.token;
}, 120_000);

afterAll(async () => {
  await auth?.stop();
});

const productsRoute = await import("../src/pages/v2/products/index");
const productRoute = await import("../src/pages/v2/products/[id]");
const homeRoute = await import("../src/pages/v2/home-products");
const categoriesRoute = await import("../src/pages/v2/categories");
const { listProducts } = await import("../src/features/catalogue/catalogue.server");
const { NUL_IN_ADDRESS } = await import("../src/server/http");

describe.each(dbKinds)("catalogue API on %s", (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind);
    await seed(t);
    await t.db.insert(schema.users).values([
      { id: accounts.admin.uid, email: accounts.admin.email, role: "tm_admin" },
      { id: accounts.customer.uid, email: accounts.customer.email },
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  describe("GET /v2/products", () => {
    it("lists every active product, newest first, as the spec's Product shape with amounts in rupees", async () => {
      const res = await call(productsRoute.GET, "/v2/products?limit=0&offset=0&status=active");
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, no-cache");
      const list = res.json as any[];
      expect(list).toHaveLength(ACTIVE);
      expect(list.map((p) => p.id)).toEqual(
        Array.from({ length: ACTIVE }, (_, i) => pid(ACTIVE - i)),
      );
      const p1 = list.find((p) => p.id === pid(1));
      expect(p1).toMatchObject({
        name: "Resin piece 1",
        price: 1000.01,
        comparePrice: 1500,
        currency: "INR",
        category: { id: "Frames", name: "Frames", slug: "frames" },
        weight: 1.25,
        status: "active",
        sku: "SKU-1",
        sale: false,
        createdAt: day(1).toISOString(),
      });
      expect(p1.images.map((i: any) => i.id)).toEqual(["img-1", "img-2"]);
      expect(p1.images[0]).toEqual({
        id: "img-1",
        url: "/img/p1-a.jpg",
        alt: "Front",
        isPrimary: true,
      });
      expect(p1.variants).toEqual([
        { id: "v-size-a4", name: "Size", value: "A4", price: 0, images: [] },
        { id: "v-size-a3", name: "Size", value: "A3", price: 500, images: [] },
        {
          id: "v-finish-gold",
          name: "Finish",
          value: "Gold",
          price: 200,
          images: ["/img/gold.jpg"],
        },
      ]);
      expect(p1.attributes).toEqual([
        { name: "Material", value: "Epoxy resin" },
        { name: "Thickness", value: "1 cm" },
      ]);
      expect(p1.tags.sort()).toEqual(["anniversary", "gift"]);
      // A category without a name is labelled by its id.
      expect(list.find((p) => p.id === pid(2)).category).toEqual({
        id: "Luggage Tags",
        name: "Luggage Tags",
        slug: "luggage-tags",
      });
      expect(list.find((p) => p.id === pid(3))).toMatchObject({
        images: [],
        variants: [],
        tags: [],
        attributes: [],
      });
    });

    it("defaults to all active products without a query", async () => {
      const res = await call(productsRoute.GET, "/v2/products");
      expect(res.status).toBe(200);
      expect(res.json).toHaveLength(ACTIVE);
    });

    it("pages with limit and offset", async () => {
      const first = await call(productsRoute.GET, "/v2/products?limit=12&offset=0&status=active");
      const second = await call(productsRoute.GET, "/v2/products?limit=12&offset=12&status=active");
      const past = await call(productsRoute.GET, "/v2/products?limit=12&offset=40");
      expect(first.json.map((p: any) => p.id)).toEqual(
        Array.from({ length: 12 }, (_, i) => pid(ACTIVE - i)),
      );
      expect(second.json.map((p: any) => p.id)).toEqual([pid(3), pid(2), pid(1)]);
      expect(past.json).toEqual([]);
    });

    it("filters by category slug and by search text", async () => {
      const tags = await call(productsRoute.GET, "/v2/products?category=luggage-tags");
      expect(tags.json.map((p: any) => p.id)).toEqual([14, 12, 10, 8, 6, 4, 2].map(pid));
      const byName = await call(productsRoute.GET, "/v2/products?q=ocean");
      expect(byName.json.map((p: any) => p.id)).toEqual([pid(3)]);
      const byDescription = await call(productsRoute.GET, "/v2/products?q=TRAVELLERS");
      expect(byDescription.json.map((p: any) => p.id)).toEqual([pid(5)]);
      const byTag = await call(productsRoute.GET, "/v2/products?q=wanderlust");
      expect(byTag.json.map((p: any) => p.id)).toEqual([pid(7)]);
      // Wildcards are taken literally.
      const percent = await call(productsRoute.GET, "/v2/products?q=50%25");
      expect(percent.json.map((p: any) => p.id)).toEqual([pid(3)]);
      const underscore = await call(productsRoute.GET, "/v2/products?q=_");
      expect(underscore.json).toEqual([]);
      const both = await call(productsRoute.GET, "/v2/products?category=frames&q=gift");
      expect(both.json.map((p: any) => p.id)).toEqual([pid(1)]);
      const none = await call(productsRoute.GET, "/v2/products?category=no-such-thing");
      expect(none.status).toBe(200);
      expect(none.json).toEqual([]);
    });

    it("refuses inactive or all products without an admin: 401 anonymous, 403 customer", async () => {
      const anonymous = await call(productsRoute.GET, "/v2/products?limit=0&offset=0&status=all");
      expect(anonymous.status).toBe(401);
      expect(anonymous.json.error).toEqual(expect.any(String));
      const inactive = await call(productsRoute.GET, "/v2/products?status=inactive");
      expect(inactive.status).toBe(401);
      const customer = await call(productsRoute.GET, "/v2/products?status=all", {
        token: customerToken,
      });
      expect(customer.status).toBe(403);
      const badToken = await call(productsRoute.GET, "/v2/products?status=all", {
        token: "forged",
      });
      expect(badToken.status).toBe(401);
    });

    it("gives an admin every product with the cost price, never cached publicly", async () => {
      const res = await call(productsRoute.GET, "/v2/products?limit=0&offset=0&status=all", {
        token: adminToken,
      });
      expect(res.status).toBe(200);
      expect(res.json).toHaveLength(ACTIVE + 1);
      expect(res.json[0]).toMatchObject({
        id: pid(ACTIVE + 1),
        status: "inactive",
        costPrice: 400,
      });
      expect(res.headers.get("cache-control")).toContain("no-store");
      const inactive = await call(productsRoute.GET, "/v2/products?status=inactive", {
        token: adminToken,
      });
      expect(inactive.json.map((p: any) => p.id)).toEqual([pid(ACTIVE + 1)]);
    });

    it("ignores a broken token on the public list", async () => {
      const res = await call(productsRoute.GET, "/v2/products", { token: "forged" });
      expect(res.status).toBe(200);
      expect(res.json).toHaveLength(ACTIVE);
    });

    it.each([
      ["limit=-1", "limit"],
      ["limit=abc", "limit"],
      ["limit=1.5", "limit"],
      ["limit=100000", "limit"],
      ["offset=-3", "offset"],
      ["status=deleted", "status"],
      [`q=${"x".repeat(201)}`, "q"],
    ])("answers 400 with a message for %s and writes nothing", async (query, field) => {
      const before = await rowCounts(t);
      const res = await call(productsRoute.GET, `/v2/products?${query}`);
      expect(res.status).toBe(400);
      expect(res.json.error).toContain(field);
      expect(await rowCounts(t)).toEqual(before);
    });

    it("answers 405 to other methods", async () => {
      const res = await call(productsRoute.ALL, "/v2/products", { method: "DELETE" });
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toContain("GET");
      expect(res.json.error).toEqual(expect.any(String));
    });
  });

  describe("GET /v2/products/{id}", () => {
    it("answers one product", async () => {
      const res = await call(productRoute.GET, `/v2/products/${pid(1)}`, {
        params: { id: pid(1) },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, no-cache");
      expect(res.json).toMatchObject({
        id: pid(1),
        price: 1000.01,
        weight: 1.25,
        category: { slug: "frames" },
      });
      expect(res.json.variants).toHaveLength(3);
      expect(res.json).not.toHaveProperty("costPrice");
    });

    it("answers 404 for an absent product", async () => {
      const res = await call(productRoute.GET, "/v2/products/nope", { params: { id: "nope" } });
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ error: "Product not found" });
    });

    it("hides an inactive product from anonymous callers and customers, not from admins", async () => {
      const id = pid(ACTIVE + 1);
      expect((await call(productRoute.GET, `/v2/products/${id}`, { params: { id } })).status).toBe(
        404,
      );
      expect(
        (
          await call(productRoute.GET, `/v2/products/${id}`, {
            params: { id },
            token: customerToken,
          })
        ).status,
      ).toBe(404);
      const admin = await call(productRoute.GET, `/v2/products/${id}`, {
        params: { id },
        token: adminToken,
      });
      expect(admin.status).toBe(200);
      expect(admin.json).toMatchObject({ id, status: "inactive", costPrice: 400 });
    });

    it("answers 400 for an id that cannot exist", async () => {
      const id = "x".repeat(121);
      const res = await call(productRoute.GET, `/v2/products/${id}`, { params: { id } });
      expect(res.status).toBe(400);
      expect(res.json.error).toMatch(/id/);
    });

    it("answers 400 (not 500) for a NUL character in the id or the query", async () => {
      const id = "prod-01\u0000";
      const byId = await call(productRoute.GET, "/v2/products/prod-01%00", { params: { id } });
      expect(byId.status).toBe(400);
      expect(byId.json).toEqual({ error: NUL_IN_ADDRESS });
      for (const query of ["q=a%00b", "category=fra%00mes", "q%00=x"]) {
        const res = await call(productsRoute.GET, `/v2/products?${query}`);
        expect(res.status, query).toBe(400);
        expect(res.json).toEqual({ error: NUL_IN_ADDRESS });
      }
    });

    it("answers 405 to other methods", async () => {
      const res = await call(productRoute.ALL, `/v2/products/${pid(1)}`, {
        method: "POST",
        params: { id: pid(1) },
        body: {},
      });
      expect(res.status).toBe(405);
    });
  });

  describe("GET /v2/home-products", () => {
    it("lists active homepage products by position with id, name and images", async () => {
      const res = await call(homeRoute.GET, "/v2/home-products");
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, no-cache");
      expect(res.json).toEqual([
        {
          id: pid(1),
          name: "Resin piece 1",
          images: [
            { url: "/img/p1-a.jpg", alt: "Front" },
            { url: "/img/p1-b.jpg", alt: "Back" },
          ],
        },
        { id: pid(2), name: "Resin piece 2", images: [{ url: "/img/p2.jpg", alt: "" }] },
      ]);
    });
  });

  describe("GET /v2/categories", () => {
    it("lists the categories shown on the site, newest first, with id, slug and img", async () => {
      const res = await call(categoriesRoute.GET, "/v2/categories");
      expect(res.status).toBe(200);
      expect(res.json).toEqual([
        { id: "Luggage Tags", slug: "luggage-tags", name: null, img: "/img/tags.jpg" },
        { id: "Frames", slug: "frames", name: "Frames", img: "/img/frames.jpg" },
      ]);
    });

    it("answers 405 to other methods (and so does the home list)", async () => {
      expect(
        (await call(categoriesRoute.ALL, "/v2/categories", { method: "PUT", body: {} })).status,
      ).toBe(405);
      expect(
        (await call(homeRoute.ALL, "/v2/home-products", { method: "POST", body: {} })).status,
      ).toBe(405);
    });
  });

  it("never shows the cost price in a public answer", async () => {
    const answers = await Promise.all([
      call(productsRoute.GET, "/v2/products?limit=0&offset=0&status=active"),
      call(productsRoute.GET, "/v2/products?limit=5&offset=5"),
      call(productsRoute.GET, "/v2/products", { token: customerToken }),
      call(productRoute.GET, `/v2/products/${pid(1)}`, { params: { id: pid(1) } }),
      call(productRoute.GET, `/v2/products/${pid(1)}`, {
        params: { id: pid(1) },
        token: customerToken,
      }),
      call(homeRoute.GET, "/v2/home-products"),
      call(categoriesRoute.GET, "/v2/categories"),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.text).not.toContain("costPrice");
      expect(answer.text).not.toContain("40000");
    }
  });

  it("loads a page of products with a fixed number of queries", async () => {
    const queries: string[] = [];
    const spy = new Proxy(t.db, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (prop === "select") {
          return (...args: unknown[]) => {
            queries.push("select");
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return value;
      },
    });
    await listProducts(spy, { limit: 0, offset: 0, status: "all", includeCost: false });
    expect(queries).toHaveLength(5); // products + variants, images, attributes, tags
  });
});
