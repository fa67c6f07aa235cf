/**
 * The catalogue freshness suites' fixture (tests/catalogue-freshness*.test.ts): the routes, a
 * `get` that calls a route export like the server would, and for each database kind a fresh
 * database with twelve products (`catalogueKit(kind)`: `k.t.db`, `k.ids`).
 */
import { afterAll, beforeAll } from "vitest";
import { createTestDb, type TestDb } from "./db";
import { makeProduct } from "~/server/seed/factories";
import type { AuditActor } from "~/features/audit/audit.server";

/** The owner the direct writes below are audited as. */
export const TEST_ACTOR: AuditActor = { uid: "test-owner", email: null, address: null };

export const productsRoute = await import("~/pages/v2/products/index");
export const productRoute = await import("~/pages/v2/products/[id]");
export const homeRoute = await import("~/pages/v2/home-products");
export const categoriesRoute = await import("~/pages/v2/categories");

export type Route = NonNullable<typeof productsRoute.GET>;
/** The four catalogue reads, by name. */
export const routes = {
  products: productsRoute,
  product: productRoute,
  home: homeRoute,
  categories: categoriesRoute,
};

/** Calls a route export like the server would, keeping the raw bytes (compressed answers). */
export async function get(
  route: Route | undefined,
  url: string,
  headers: Record<string, string> = {},
  params: Record<string, string> = {},
) {
  const full = new URL(url, "http://127.0.0.1:4321");
  const context = {
    request: new Request(full, { headers }),
    url: full,
    params,
    clientAddress: "127.0.0.1",
    locals: {},
  };
  const response = await route!(context as never);
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

export function catalogueKit(kind: TestDb["kind"]) {
  let t: TestDb;
  const ids: string[] = [];

  beforeAll(async () => {
    t = await createTestDb(kind);
    for (let i = 0; i < 12; i++)
      ids.push(
        (await makeProduct(t.db, { description: "Long enough to compress. ".repeat(8) })).id,
      );
  });
  afterAll(async () => {
    await t.close();
  });
  return {
    get t() {
      return t;
    },
    ids,
  };
}
