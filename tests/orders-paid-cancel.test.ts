/**
 * A paid order is never left cancelled and unrefunded (docs/decisions/0190-cancel-with-refund.md),
 * against the fake Cashfree on PGlite and PostgreSQL: the owner's plain status move to cancelled is
 * a 409 pointing to "Cancel order and refund in full" and writes nothing; that button cancels and
 * refunds in one step; once everything paid is refunded (or being refunded) the plain move works.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { call } from "./helpers/call";
import { CART_TOTAL_PAISE } from "./helpers/checkout";
import { dbKinds } from "./helpers/db";
import { OWNER, paymentsKit } from "./helpers/payments-cases";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const orderRoute = await import("~/pages/v2/admin/order/[id]");

describe.each(dbKinds)("cancelling a paid order on %s", (kind) => {
  const k = paymentsKit(kind);
  const { verify, refund, checkout, invariants } = k;

  const put = (id: string, status: string) =>
    call(orderRoute.PUT, `/v2/admin/order/${id}?status=${status}`, {
      method: "PUT",
      token: OWNER,
      params: { id },
    });
  const row = async (id: string) =>
    (await k.t.db.select().from(schema.orders).where(eq(schema.orders.id, id)))[0]!;
  const refundsOf = (id: string) =>
    k.t.db.select().from(schema.refunds).where(eq(schema.refunds.orderId, id));

  it("refuses the plain move with a 409 naming the button, writing nothing; the button cancels and refunds", async () => {
    const { uid, token, id } = await checkout();
    k.fake.pay(id);
    expect((await verify(token, id)).text).toBe("SUCCESS");
    const before = await row(id);
    expect(before.status).toBe("processing");

    const plain = await put(id, "cancelled");
    expect(plain.status).toBe(409);
    expect(plain.json.error).toContain('"Cancel order and refund in full"');
    expect(await row(id)).toEqual(before);
    expect(await refundsOf(id)).toEqual([]);

    const both = await refund(id, { reason: "Order cancelled by the studio", cancel: true });
    expect(both.status).toBe(201);
    expect(both.json).toMatchObject({ refund: { amount: CART_TOTAL_PAISE / 100 } });
    expect((await invariants(uid)).status).toBe("cancelled");
  });

  it("allows the plain move once everything paid is refunded or being refunded", async () => {
    const { uid, token, id } = await checkout();
    k.fake.pay(id);
    await verify(token, id);
    const part = await refund(id, { amount: 1000, reason: "One frame arrived cracked" });
    expect(part.status).toBe(201);
    expect((await put(id, "cancelled")).status).toBe(409);
    expect((await refund(id, { reason: "The rest" })).status).toBe(201);
    const plain = await put(id, "cancelled");
    expect(plain.status, JSON.stringify(plain.json)).toBe(200);
    expect(plain.json.status).toBe("cancelled");
    expect((await invariants(uid)).status).toBe("cancelled");
  });
});
