/**
 * The owner counts a product per option combination from the stock panel
 * (docs/decisions/0272-stock-per-combination-panel.md) on both engines: the panel's GET names every
 * combination with its key and label, in the options' order; the panel's body (stock-form.ts) sets
 * 2 blue, 0 green, 1 red; the answer has those levels, counted per combination; back to one count
 * drops the combinations' rows.
 */
import { describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { makeProduct } from "~/server/seed/factories";
import { initialStockForm, stockBody } from "~/features/admin/stock/stock-form";
import type { StockJson } from "~/features/stock/stock";
import { call } from "./helpers/call";
import { localShopKit } from "./helpers/checkout";
import { dbKinds } from "./helpers/db";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const stockRoute = await import("~/pages/v2/admin/product/[id]/stock");
const OWNER = "combo-owner";

describe.each(dbKinds)("stock per combination from the owner's panel on %s", (kind) => {
  const { t } = localShopKit(kind, { owner: OWNER });
  const get = async (id: string) =>
    (
      await call(stockRoute.GET, `/v2/admin/product/${id}/stock`, {
        token: `test:${OWNER}`,
        params: { id },
      })
    ).json as StockJson;
  const put = (id: string, body: unknown) =>
    call(stockRoute.PUT, `/v2/admin/product/${id}/stock`, {
      method: "PUT",
      token: `test:${OWNER}`,
      body,
      params: { id },
    });

  it("names each combination, saves a count per combination, and back to one count", async () => {
    const product = await makeProduct(t.db, { name: `Coaster Trio ${kind}` });
    const option = (id: string, name: string, value: string, position: number) => ({
      id: `${product.id}-${id}`,
      productId: product.id,
      name,
      value,
      position,
    });
    await t.db
      .insert(schema.productVariants)
      .values([
        option("blue", "Colour", "Blue", 0),
        option("green", "Colour", "Green", 1),
        option("red", "Colour", "Red", 2),
        option("round", "Shape", "Round", 3),
      ]);
    const first = await get(product.id);
    const key = (colour: string) =>
      [`${product.id}-${colour}`, `${product.id}-round`].sort().join(",");
    expect(first.combinations).toEqual([
      { key: key("blue"), label: "Colour: Blue, Shape: Round" },
      { key: key("green"), label: "Colour: Green, Shape: Round" },
      { key: key("red"), label: "Colour: Red, Shape: Round" },
    ]);

    const form = initialStockForm(first);
    const body = stockBody(
      {
        ...form,
        mode: "in_stock",
        perCombo: true,
        counts: { [key("blue")]: "2", [key("green")]: "0", [key("red")]: "1" },
      },
      first,
    );
    const saved = await put(product.id, body);
    expect(saved.status).toBe(200);
    const stock = saved.json as StockJson;
    expect(stock.byCombination).toBe(true);
    expect(Object.fromEntries(stock.levels.map((l) => [l.combo, l.onHand]))).toEqual({
      [key("blue")]: 2,
      [key("green")]: 0,
      [key("red")]: 1,
    });
    // The form reopens on the saved counts, counted per combination.
    expect(initialStockForm(stock)).toMatchObject({
      perCombo: true,
      counts: { [key("blue")]: "2", [key("green")]: "0", [key("red")]: "1" },
    });

    const whole = await put(
      product.id,
      stockBody({ ...initialStockForm(stock), perCombo: false, count: "4" }, stock),
    );
    expect(whole.status).toBe(200);
    expect((whole.json as StockJson).byCombination).toBe(false);
    expect((whole.json as StockJson).levels.map((l) => [l.combo, l.onHand])).toEqual([["", 4]]);
  });

  it("a product without options offers no combinations", async () => {
    const product = await makeProduct(t.db, { name: `Plain Tray ${kind}` });
    expect((await get(product.id)).combinations).toEqual([]);
  });
});
