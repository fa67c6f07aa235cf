/**
 * The owner's stock calls on both engines (docs/decisions/0218-stock-owner-tools.md): settings and
 * adjustments with a reason, kept in the audit trail; bad input is a 400 with a sentence and
 * writes nothing; a count never goes below what unpaid orders hold; the low-stock mail goes once.
 */
import { eq, like } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { makeProduct } from "~/server/seed/factories";
import { call } from "./helpers/call";
import { localShopKit } from "./helpers/checkout";
import { dbKinds } from "./helpers/db";
import { createOrder, stockedProduct, stockOf, stockShopper } from "./helpers/stock";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const stockRoute = await import("~/pages/v2/admin/product/[id]/stock");
const productRoute = await import("~/pages/v2/products/[id]");
const adjustRoute = await import("~/pages/v2/admin/product/[id]/stock/adjustments");
const OWNER = "stock-owner";

const put = (id: string, body: unknown, token = `test:${OWNER}`) =>
  call(stockRoute.PUT, `/v2/admin/product/${id}/stock`, {
    method: "PUT",
    token,
    body,
    params: { id },
  });
const adjust = (id: string, body: unknown) =>
  call(adjustRoute.POST, `/v2/admin/product/${id}/stock/adjustments`, {
    method: "POST",
    token: `test:${OWNER}`,
    body,
    params: { id },
  });

describe.each(dbKinds)("the owner's stock on %s", (kind) => {
  const { t } = localShopKit(kind, { owner: OWNER });

  it("sets a mode and count, adjusts with a reason, audited; the low-stock mail goes once", async () => {
    const product = await makeProduct(t.db, { name: "Coaster Set" });
    const saved = await put(product.id, { mode: "in_stock", count: 5, lowStockAt: 2 });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({
      mode: "in_stock",
      levels: [{ combo: "", onHand: 5, left: 5 }],
    });
    const down = await adjust(product.id, {
      change: -3,
      reason: "damaged",
      note: "cracked in the kiln",
    });
    expect(down.status).toBe(200);
    expect(down.json.adjustments[0]).toMatchObject({
      change: -3,
      onHandAfter: 2,
      reason: "damaged",
    });
    expect((await adjust(product.id, { change: -1, reason: "counted" })).status).toBe(200);
    const audit = await t.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entityId, product.id));
    expect(audit.filter((a) => a.action === "stock.adjust")).toHaveLength(3);
    const mails = await t.db
      .select()
      .from(schema.outbox)
      .where(like(schema.outbox.subject, "Low stock: Coaster Set%"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Low stock: Coaster Set has 2 left");
    // The catalogue (and so the product list) shows the shelf's badge.
    const shown = await call(productRoute.GET, `/v2/products/${product.id}`, {
      params: { id: product.id },
    });
    expect(shown.json.stock).toBe("Only 1 left");
  });

  it("refuses bad input with a sentence and writes nothing", async () => {
    const product = await makeProduct(t.db, { name: "Resin Tray" });
    const cases: [unknown, string][] = [
      [{ mode: "in_stock", count: -1 }, "count: enter a whole number of pieces, 0 or more"],
      [{ mode: "in_stock", count: 1.5 }, "count: enter a whole number of pieces, 0 or more"],
      [
        { mode: "made_to_order", count: 3 },
        "count: a made-to-order product has no count; choose In stock or One of a kind to give it one.",
      ],
      [{ mode: "one_of_a_kind", count: 2 }, "count: a one-of-a-kind piece has a count of 0 or 1."],
      [{ mode: "in_stock" }, "count: enter how many pieces are on the shelf."],
    ];
    for (const [body, sentence] of cases) {
      const answer = await put(product.id, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.json.error).toContain(sentence);
    }
    const levels = await t.db
      .select()
      .from(schema.stockLevels)
      .where(eq(schema.stockLevels.productId, product.id));
    expect(levels).toEqual([]);
    expect((await adjust(product.id, { change: 2, reason: "made_more" })).status).toBe(400);
    expect((await put(product.id, { mode: "in_stock", count: 1 }, "test:nobody")).status).toBe(403);
  });

  it("an adjustment or a count below what unpaid orders hold is refused", async () => {
    const piece = await stockedProduct(t.db, 2, "in_stock");
    const shopper = await stockShopper(t.db, piece.id, 2);
    expect((await createOrder(shopper.token, 40)).status).toBe(200);
    const refused = await adjust(piece.id, { change: -1, reason: "damaged" });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toBe(
      "change: 2 pieces are held by unpaid orders; the count cannot go below 2.",
    );
    const lower = await put(piece.id, { mode: "in_stock", count: 1 });
    expect(lower.status).toBe(400);
    expect(lower.json.error).toBe(
      "count: 2 pieces are held by unpaid orders; the count cannot go below 2.",
    );
    expect(await stockOf(t.db, piece.id)).toMatchObject({ onHand: 2, held: 1 });
    const adjustments = await t.db
      .select()
      .from(schema.stockAdjustments)
      .where(eq(schema.stockAdjustments.productId, piece.id));
    expect(adjustments).toEqual([]);
  });
});
