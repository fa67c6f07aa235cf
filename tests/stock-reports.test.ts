/**
 * The owner's stock screen, its CSV and the bulk upload, on both engines
 * (docs/decisions/0218-stock-owner-tools.md): stock on hand valued at cost price; the upload takes
 * the export's columns back, and a file with any bad row is refused whole, a line per bad row.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { makeProduct } from "~/server/seed/factories";
import { call } from "./helpers/call";
import { localShopKit } from "./helpers/checkout";
import { dbKinds } from "./helpers/db";
import { createOrder, stockShopper } from "./helpers/stock";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const listRoute = await import("~/pages/v2/admin/stock/index");
const uploadRoute = await import("~/pages/v2/admin/stock/upload");
const exportsRoute = await import("~/pages/v2/admin/exports/[name]");
const OWNER = "stock-reports-owner";
const token = `test:${OWNER}`;

const upload = (text: string) =>
  call(uploadRoute.POST, "/v2/admin/stock/upload", {
    method: "POST",
    token,
    rawBody: text,
    headers: { "content-type": "text/csv" },
  });
const list = (filter = "all") => call(listRoute.GET, `/v2/admin/stock?filter=${filter}`, { token });

describe.each(dbKinds)("stock at cost on %s", (kind) => {
  const { t } = localShopKit(kind, { owner: OWNER });

  it("sets many products from a CSV, lists and values them at cost, and exports the same columns", async () => {
    const panel = await makeProduct(t.db, { name: "Aa Panel", costPricePaise: 100_000 });
    const trays = await makeProduct(t.db, { name: "Ab Trays", costPricePaise: 20_000 });
    const answer = await upload(
      `Product id,Combination,Stock mode,On hand,Low at\r\n${panel.id},,one_of_a_kind,1,\r\n${trays.id},,in_stock,5,2\r\n`,
    );
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ products: 2 });
    const shopper = await stockShopper(t.db, trays.id, 4);
    expect((await createOrder(shopper.token, 50)).status).toBe(200);
    const all = await list();
    expect(all.status).toBe(200);
    // Money in rupees on the wire: 1 × ₹1,000 + 5 × ₹200.
    expect(all.json.totals).toMatchObject({ products: 2, onHand: 6, cost: 2000, low: 2 });
    const low = await list("low");
    // The one-of-a-kind panel (1 left, "Only N left" at 2) and the trays (5, 4 held: 1 left).
    expect(low.json.rows.map((r: { name: string }) => r.name)).toEqual(["Aa Panel", "Ab Trays"]);
    expect(low.json.rows[1]).toMatchObject({ onHand: 5, held: 4, left: 1 });
    const made = await list("made_to_order");
    expect(made.json.rows.some((r: { id: string }) => r.id === panel.id)).toBe(false);
    const csv = await call(exportsRoute.GET, "/v2/admin/exports/stock", {
      token,
      params: { name: "stock" },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-disposition")).toBe('attachment; filename="stock.csv"');
    expect(csv.text).toContain('"Product id","Combination","SKU","Name","Stock mode","On hand"');
    expect(csv.text).toContain(`"${trays.id}","",`);
    // The export goes back in as it is.
    expect((await upload(csv.text)).status).toBe(200);
  });

  it("refuses the whole file with a line per bad row, writing nothing", async () => {
    const a = await makeProduct(t.db, { name: "Ac Bowl" });
    const b = await makeProduct(t.db, { name: "Ad Bowl" });
    const answer = await upload(
      `Product id,Stock mode,On hand\r\n${a.id},in_stock,3\r\n${b.id},in_stock,-2\r\nnot-a-product,in_stock,1\r\n`,
    );
    expect(answer.status).toBe(400);
    expect(answer.json.error).toBe(
      "1 line of the file is wrong, so nothing was changed:\nLine 3: On hand must be a whole number of pieces, 0 or more.",
    );
    const unknown = await upload(
      `Product id,Stock mode,On hand\r\n${a.id},in_stock,3\r\nnot-a-product,in_stock,1\r\n`,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toBe(
      "1 line of the file is wrong, so nothing was changed:\nLine 3: no product has the id not-a-product.",
    );
    const levels = await t.db
      .select()
      .from(schema.stockLevels)
      .where(eq(schema.stockLevels.productId, a.id));
    expect(levels).toEqual([]);
  });
});
