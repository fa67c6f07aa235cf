/**
 * The catalogue API (docs/product.md §7 "Catalogue and home") against a real database: one product
 * (GET /v2/products/{id}), the homepage list, the categories, the cost price never in a public
 * answer, and a page of products in a fixed number of queries. The list: catalogue.test.ts.
 */
import { describe, expect, it } from "vitest";
import { dbKinds } from "./helpers/db";
import { call } from "./helpers/call";
import { ACTIVE, pid, useCatalogueDb } from "./helpers/catalogue";
import { EMULATOR_PORTS } from "./helpers/ports";
import { usePortalAccounts } from "./helpers/portal";

// Callers are real accounts on a private Auth Emulator, their tokens checked by the real auth
// module; the admin's role comes from its users row, as in production.
const EMULATOR_PORT = EMULATOR_PORTS.catalogueDetails;
const { owner, shopper } = usePortalAccounts(EMULATOR_PORT);

const productsRoute = await import("~/pages/v2/products/index");
const productRoute = await import("~/pages/v2/products/[id]");
const homeRoute = await import("~/pages/v2/home-products");
const categoriesRoute = await import("~/pages/v2/categories");
const { listProducts } = await import("~/features/catalogue/catalogue.server");
const { NUL_IN_ADDRESS } = await import("~/server/http");

describe.each(dbKinds)("catalogue API on %s", (kind) => {
  const t = useCatalogueDb(kind, owner, shopper);

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
            token: shopper.token,
          })
        ).status,
      ).toBe(404);
      const admin = await call(productRoute.GET, `/v2/products/${id}`, {
        params: { id },
        token: owner.token,
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
      call(productsRoute.GET, "/v2/products", { token: shopper.token }),
      call(productRoute.GET, `/v2/products/${pid(1)}`, { params: { id: pid(1) } }),
      call(productRoute.GET, `/v2/products/${pid(1)}`, {
        params: { id: pid(1) },
        token: shopper.token,
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
    // products + variants, images, attributes, tags, and the shelf's stock badges (decision 0216)
    expect(queries).toHaveLength(6);
  });
});
