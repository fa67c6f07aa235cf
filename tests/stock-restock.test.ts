/**
 * A paid piece back on the shelf, on both engines (docs/decisions/0218-stock-owner-tools.md): the
 * owner's "Cancel order and refund in full" before dispatch puts it back by default, once; a
 * refund the owner says not to restock leaves the shelf as it is; an unpaid order the owner
 * cancels gives its hold back at once.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { changeOrderStatus } from "~/features/admin/orders/orders-admin.server";
import { recordPayment } from "~/features/checkout/payment-record.server";
import { schema, type Db } from "~/server/db/client";
import { success } from "./helpers/books";
import { call } from "./helpers/call";
import { localShopKit } from "./helpers/checkout";
import { dbKinds } from "./helpers/db";
import { createOrder, stockedProduct, stockOf, stockShopper } from "./helpers/stock";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const refundsRoute = await import("~/pages/v2/admin/order/[id]/refunds");
const OWNER = "stock-restock-owner";

const refund = (id: string, body: unknown) =>
  call(refundsRoute.POST, `/v2/admin/order/${id}/refunds`, {
    method: "POST",
    token: `test:${OWNER}`,
    body,
    params: { id },
  });

async function paidOrderOf(db: Db, token: string, i: number) {
  const id = (await createOrder(token, i)).json.order_id as string;
  const [order] = await db.select().from(schema.orders).where(eq(schema.orders.id, id));
  expect(await recordPayment(db, id, success(`p-${id}`, order!.totalPaise), "local")).toBe("paid");
  return id;
}

describe.each(dbKinds)("a paid piece back on the shelf on %s", (kind) => {
  const { t } = localShopKit(kind, { owner: OWNER });

  it("cancel and refund in full before dispatch puts the piece back, once", async () => {
    const piece = await stockedProduct(t.db, 1);
    const a = await stockShopper(t.db, piece.id);
    const id = await paidOrderOf(t.db, a.token, 70);
    expect(await stockOf(t.db, piece.id)).toMatchObject({ onHand: 0, sold: 1 });
    const answer = await refund(id, { reason: "The shopper changed their mind", cancel: true });
    expect(answer.status).toBe(201);
    expect(await stockOf(t.db, piece.id)).toMatchObject({ onHand: 1 });
    const [adjustment] = await t.db
      .select()
      .from(schema.stockAdjustments)
      .where(eq(schema.stockAdjustments.productId, piece.id));
    expect(adjustment).toMatchObject({ change: 1, reason: "returned" });
    // Asking again (nothing left to refund) puts nothing back twice.
    expect((await refund(id, { reason: "again", restock: true })).status).toBe(400);
    expect(await stockOf(t.db, piece.id)).toMatchObject({ onHand: 1 });
  });

  it("a refund the owner does not restock leaves the shelf; an unpaid cancel releases the hold", async () => {
    const piece = await stockedProduct(t.db, 1);
    const a = await stockShopper(t.db, piece.id);
    const id = await paidOrderOf(t.db, a.token, 71);
    const answer = await refund(id, { reason: "Broken in transit", cancel: true, restock: false });
    expect(answer.status).toBe(201);
    expect(await stockOf(t.db, piece.id)).toMatchObject({ onHand: 0, sold: 1 });
    const other = await stockedProduct(t.db, 1);
    const b = await stockShopper(t.db, other.id);
    const unpaid = (await createOrder(b.token, 72)).json.order_id as string;
    expect(await stockOf(t.db, other.id)).toMatchObject({ held: 1 });
    const actor = { uid: OWNER, email: `${OWNER}@example.com`, address: null };
    await changeOrderStatus(t.db, actor, unpaid, { status: "cancelled" });
    const after = await stockOf(t.db, other.id);
    expect(after).toMatchObject({ onHand: 1, held: 0, released: 1 });
    expect(after.holds[0]!.releasedBecause).toBe("cancelled");
  });
});
