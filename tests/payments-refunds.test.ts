/**
 * The refund cases of docs/decisions/0057 against the fake Cashfree (tests/helpers/fake-cashfree.ts)
 * on PGlite and PostgreSQL: part then the rest, never above what was paid (also with two owners at
 * once), a refund webhook making it final, and a paid order cancelled and refunded in one step.
 * After every case the invariants of payments-cases.test.ts hold.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { recheckDueRefunds } from "~/features/refunds/refund-jobs.server";
import { schema } from "~/server/db/client";
import { call } from "./helpers/call";
import { CART_TOTAL_PAISE } from "./helpers/checkout";
import { dbKinds } from "./helpers/db";
import { OWNER, paymentsKit, refundsRoute } from "./helpers/payments-cases";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

describe.each(dbKinds)("payment cases against the fake Cashfree on %s", (kind) => {
  const k = paymentsKit(kind);
  const { hook, verify, refund, checkout, invariants } = k;

  it("refunds: part, then the rest; above what was paid is a 400; a refund webhook makes it final and mails the shopper", async () => {
    const { uid, token, id } = await checkout();
    k.fake.pay(id);
    expect((await verify(token, id)).text).toBe("SUCCESS");
    const first = await refund(id, { amount: 1000, reason: "One frame arrived cracked" });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ refund: { amount: 1000, status: "PENDING" } });
    const tooMuch = await refund(id, { amount: CART_TOTAL_PAISE / 100, reason: "All of it" });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.json.error).toContain("can still be refunded");
    const rid = first.json.refund.id as string;
    k.fake.settleRefund(id, rid, "SUCCESS");
    expect((await hook(k.fake.refundWebhook(id, rid))).status).toBe(200);
    const [stored] = await k.t.db.select().from(schema.refunds).where(eq(schema.refunds.id, rid));
    expect(stored).toMatchObject({ status: "SUCCESS" });
    const mails = (await k.t.db.select().from(schema.outbox)).filter((m) =>
      m.subject.includes("refund of"),
    );
    expect(mails.map((m) => m.to)).toContain("asha@example.com");
    const rest = await refund(id, { reason: "The rest, order cancelled by phone" });
    expect(rest.json).toMatchObject({ refund: { amount: CART_TOTAL_PAISE / 100 - 1000 } });
    k.fake.settleRefund(id, rest.json.refund.id, "FAILED");
    await recheckDueRefunds(k.t.db, k.provider, new Date(Date.now() + 2 * 60_000));
    const after = await call(refundsRoute.GET, `/v2/admin/order/${id}/refunds`, {
      token: OWNER,
      params: { id },
    });
    expect(after.json).toMatchObject({
      refunded: { amount: 1000 },
      refundable: { amount: CART_TOTAL_PAISE / 100 - 1000 },
    });
    expect(after.json.refunds.map((r: { status: string }) => r.status)).toEqual([
      "SUCCESS",
      "FAILED",
    ]);
    await invariants(uid);
  });

  it("two owners refunding in full at once: one refund, never above what was paid", async () => {
    const { uid, token, id } = await checkout();
    k.fake.pay(id);
    await verify(token, id);
    const answers = await Promise.all(
      [1, 2, 3].map(() => refund(id, { amount: CART_TOTAL_PAISE / 100, reason: "Full refund" })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400]);
    expect(k.fake.orders.get(id)!.refunds).toHaveLength(1);
    await invariants(uid);
  });

  it("cancelling a paid order refunds it in full in the same step", async () => {
    const { uid, token, id } = await checkout();
    k.fake.pay(id);
    await verify(token, id);
    const answer = await refund(id, { reason: "Out of stock", cancel: true });
    expect(answer.status).toBe(201);
    expect(answer.json).toMatchObject({ refund: { amount: CART_TOTAL_PAISE / 100 } });
    expect((await invariants(uid)).status).toBe("cancelled");
  });
});
