/**
 * The products screen's stock filter on both engines
 * (docs/decisions/0273-stock-filter-on-products.md): GET /v2/admin/allproducts and
 * /v2/admin/product-counts narrowed to in stock (pieces left, low ones too), low (at or under the
 * threshold), sold out (nothing left once unpaid orders' holds are counted) or made to order, on
 * the server, with the other filters and the pages; any other value is a 400 with a sentence.
 */
import { describe, expect, it, vi } from "vitest";
import { schema, type Db } from "~/server/db/client";
import { makeProduct } from "~/server/seed/factories";
import { call } from "./helpers/call";
import { localShopKit } from "./helpers/checkout";
import { dbKinds } from "./helpers/db";
import { createOrder, stockShopper } from "./helpers/stock";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const listRoute = await import("~/pages/v2/admin/allproducts");
const countsRoute = await import("~/pages/v2/admin/product-counts");
const OWNER = "stock-filter-owner";
const token = `test:${OWNER}`;

const list = (query: string) =>
  call(listRoute.GET, `/v2/admin/allproducts?limit=0&offset=0&status=all&${query}`, { token });
const counts = (query: string) =>
  call(countsRoute.GET, `/v2/admin/product-counts?${query}`, { token });
const ids = (answer: { json: { id: string }[] }) => answer.json.map((p) => p.id).sort();

/** A counted product: its mode, pieces on the shelf and "Only N left" threshold. */
async function counted(
  db: Db,
  name: string,
  mode: "in_stock" | "one_of_a_kind" | "made_to_order",
  onHand: number,
  lowStockAt = 2,
  status: "active" | "inactive" = "active",
): Promise<string> {
  const product = await makeProduct(db, { name, status });
  await db.insert(schema.productStock).values({ productId: product.id, mode, lowStockAt });
  await db.insert(schema.stockLevels).values({ productId: product.id, combo: "", onHand });
  return product.id;
}

describe.each(dbKinds)("the products screen's stock filter on %s", (kind) => {
  const kit = localShopKit(kind, { owner: OWNER });
  const { t } = kit;

  it("returns exactly the products of each filter value, with the counts and pages under it", async () => {
    const plenty = await counted(t.db, "Filter Plenty Tray", "in_stock", 10);
    const low = await counted(t.db, "Filter Low Coasters", "in_stock", 2);
    const single = await counted(t.db, "Filter One Panel", "one_of_a_kind", 1, 0, "inactive");
    const empty = await counted(t.db, "Filter Empty Bowl", "in_stock", 0);
    const told = await counted(t.db, "Filter Told Clock", "made_to_order", 0);
    // Three on the shelf, all three held by an unpaid order: sold out for now.
    const held = await counted(t.db, "Filter Held Tags", "in_stock", 3);
    const shopper = await stockShopper(t.db, held, 3, "stock-filter");
    expect((await createOrder(shopper.token, 70)).status).toBe(200);
    // No stock row at all: made to order, as every product is until the owner counts it.
    const shop = [kit.shop.frameId, kit.shop.tagId];
    const plain = (await makeProduct(t.db, { name: "Filter Plain Frame" })).id;

    const expected: Record<string, string[]> = {
      in_stock: [plenty, low, single],
      low: [low],
      sold_out: [empty, held],
      made_to_order: [...shop, told, plain],
    };
    const labels: Record<string, RegExp> = {
      in_stock: /^(Only \d+ left|\d+ left)$/,
      low: /^Only \d+ left$/,
      sold_out: /^Sold out$/,
      made_to_order: /^Made to order$/,
    };
    for (const [filter, want] of Object.entries(expected)) {
      const answer = await list(`stock=${filter}`);
      expect(answer.status, filter).toBe(200);
      expect(ids(answer), filter).toEqual([...want].sort());
      // The Stock column agrees with the filter.
      for (const p of answer.json as { stock: string }[])
        expect(p.stock, filter).toMatch(labels[filter]!);
      const c = await counts(`stock=${filter}`);
      expect(c.status, filter).toBe(200);
      expect(c.json.count, filter).toBe(want.length);
    }
    // "all" and no value are the whole list.
    expect((await list("stock=all")).json).toHaveLength(9);
    expect((await list("")).json).toHaveLength(9);
    // With the status and the search, and a page at a time.
    expect(ids(await list("stock=in_stock&status=active"))).toEqual([plenty, low].sort());
    expect(ids(await list("stock=in_stock&status=inactive"))).toEqual([single]);
    expect(ids(await list("stock=sold_out&q=bowl"))).toEqual([empty]);
    expect(await counts("stock=in_stock")).toMatchObject({
      json: { count: 3, active: 2, outOfStock: 1 },
    });
    const first = await call(
      listRoute.GET,
      "/v2/admin/allproducts?limit=1&offset=0&status=all&stock=sold_out",
      { token },
    );
    const second = await call(
      listRoute.GET,
      "/v2/admin/allproducts?limit=1&offset=1&status=all&stock=sold_out",
      { token },
    );
    expect([...ids(first), ...ids(second)].sort()).toEqual([empty, held].sort());
  });

  it("answers a stock value it does not know with a 400 and a sentence", async () => {
    const sentence = "stock: choose in_stock, low, sold_out, made_to_order or all";
    for (const value of ["plenty", "Sold out", ""]) {
      const answer = await list(`stock=${encodeURIComponent(value)}`);
      expect(answer.status, value).toBe(400);
      expect(answer.json.error, value).toBe(sentence);
      const c = await counts(`stock=${encodeURIComponent(value)}`);
      expect(c.status, value).toBe(400);
      expect(c.json.error, value).toBe(sentence);
    }
  });
});
