/**
 * The payment cases suites' shop (tests/payments-cases.test.ts, tests/payments-refunds.test.ts):
 * for each database kind, the fake Cashfree (tests/helpers/fake-cashfree.ts) as the provider, a
 * fresh database with the shop and its owner, and the calls the cases make: a checkout, the
 * webhook, verify, a refund, and the invariants checked after every case.
 *
 *   const k = paymentsKit(kind);   // k.t.db, k.fake, k.provider, k.checkout(), k.invariants(uid)
 */
import { eq } from "drizzle-orm";
import { beforeAll, expect } from "vitest";
import { schema } from "~/server/db/client";
import { call } from "./call";
import { cashfreeShopKit } from "./cashfree-provider";
import { makeShopper, orderBody } from "./checkout";
import type { TestDb } from "./db";

const createRoute = await import("~/pages/create-order");
export const refundsRoute = await import("~/pages/v2/admin/order/[id]/refunds");

/** The owner's test token (the users row "owner-payments" has role tm_admin). */
export const OWNER = "test:owner-payments";

export function paymentsKit(kind: TestDb["kind"]) {
  const k = cashfreeShopKit(kind);
  const { paymentsOf } = k;
  let n = 0;

  beforeAll(async () => {
    await k.t.db
      .insert(schema.users)
      .values({ id: "owner-payments", email: "owner@example.com", role: "tm_admin" } as never);
  });

  const refund = (id: string, body: unknown) =>
    call(refundsRoute.POST, `/v2/admin/order/${id}/refunds`, {
      method: "POST",
      token: OWNER,
      body,
      params: { id },
    });

  async function checkout(name = "Asha Verma") {
    const who = await makeShopper(k.t.db, k.shop, `pc-${kind}-${++n}`);
    const created = await call(createRoute.POST, "/create-order", {
      method: "POST",
      token: who.token,
      body: orderBody({ idempotency_key: `attempt-${who.uid}`, customer_name: name }),
    });
    expect(created.status).toBe(200);
    return { ...who, id: created.json.order_id as string };
  }

  /** One order per checkout; one paid transition per payment and per order; refunds <= paid. */
  async function invariants(uid: string) {
    const rows = await k.t.db.select().from(schema.orders).where(eq(schema.orders.userId, uid));
    expect(rows).toHaveLength(1);
    const id = rows[0]!.id;
    const pays = await paymentsOf(id);
    expect(
      pays.filter((p) => p.outcome === "paid" || p.outcome === "late-paid").length,
    ).toBeLessThanOrEqual(1);
    const paid = pays.filter((p) => p.status === "SUCCESS").reduce((s, p) => s + p.amountPaise, 0);
    const refunds = await k.t.db
      .select()
      .from(schema.refunds)
      .where(eq(schema.refunds.orderId, id));
    const out = refunds
      .filter((r) => r.status === "PENDING" || r.status === "SUCCESS")
      .reduce((s, r) => s + r.amountPaise, 0);
    expect(out).toBeLessThanOrEqual(paid);
    const mails = (await k.t.db.select().from(schema.outbox)).filter((m) =>
      m.subject.includes(`order ${id} confirmed`),
    );
    expect(mails.length).toBeLessThanOrEqual(1);
    return rows[0]!;
  }

  return Object.assign(k, { refund, checkout, invariants });
}
