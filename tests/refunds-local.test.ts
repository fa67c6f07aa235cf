/**
 * Refunds with the local provider (docs/decisions/0057) on PGlite and PostgreSQL: a withdrawn
 * quote paid late is refunded automatically and the owner told; a local refund succeeds a moment
 * later or fails on demand (FAILED in the reason, as Cashfree's sandbox does); never above paid.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { recheckDueRefunds } from "~/features/refunds/refund-jobs.server";
import { schema } from "~/server/db/client";
import { paymentProvider } from "~/server/payments/index.server";
import { call } from "./helpers/call";
import { customWorkKit, OWNER, payBody } from "./helpers/custom-work";
import { dbKinds } from "./helpers/db";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const refundsRoute = await import("~/pages/v2/admin/order/[id]/refunds");

describe.each(dbKinds)("refunds with the local provider on %s", (kind) => {
  const k = customWorkKit(kind);
  const later = () => new Date(Date.now() + 2 * 60_000);
  const refundsOf = (orderId: string) =>
    k.t.db.select().from(schema.refunds).where(eq(schema.refunds.orderId, orderId));

  it("a withdrawn quote paid late is refunded in full automatically; the owner is told; the refund succeeds a moment later and the customer is mailed", async () => {
    process.env.LOCAL_REFUND_DELAY_MS = "0";
    const q = await k.sentQuote();
    const started = await k.pay(q.token, payBody());
    expect((await k.act(q.id, "withdraw")).status).toBe(200);
    await k.press(started.json.payment_session_id);
    const id = started.json.order_id as string;
    const [refund] = await refundsOf(id);
    expect(refund).toMatchObject({ requestedBy: "auto", status: "PENDING", amountPaise: 450050 });
    const owner = await k.mailsTo("hello@resintales.example");
    expect(owner.map((m) => m.subject)).toContainEqual(
      `Refund started automatically for order ${id}`,
    );
    await recheckDueRefunds(k.t.db, paymentProvider(), later());
    expect((await refundsOf(id))[0]).toMatchObject({ status: "SUCCESS" });
    const customer = await k.mailsTo("meera@example.com");
    expect(customer.some((m) => m.subject.includes(`refund of ₹4,500.50 for order ${id}`))).toBe(
      true,
    );
    // A second pass changes nothing (the refund is final; one mail).
    await recheckDueRefunds(k.t.db, paymentProvider(), later());
    expect(
      (await k.mailsTo("meera@example.com")).filter((m) => m.subject.includes("refund of")),
    ).toHaveLength(1);
  });

  it("an owner's local refund fails on demand (FAILED in the reason) and the owner is mailed; the amount is refundable again", async () => {
    const q = await k.sentQuote();
    const started = await k.pay(q.token, payBody());
    await k.press(started.json.payment_session_id);
    const id = started.json.order_id as string;
    const post = (body: unknown) =>
      call(refundsRoute.POST, `/v2/admin/order/${id}/refunds`, {
        method: "POST",
        token: OWNER,
        body,
        params: { id },
      });
    expect((await post({ amount: 5000, reason: "More than paid" })).status).toBe(400);
    const failing = await post({ amount: 100, reason: "FAILED on purpose" });
    expect(failing.status).toBe(201);
    await recheckDueRefunds(k.t.db, paymentProvider(), later());
    expect((await refundsOf(id))[0]).toMatchObject({ status: "FAILED" });
    const owner = await k.mailsTo("hello@resintales.example");
    expect(owner.map((m) => m.subject)).toContainEqual(`Refund failed for order ${id}`);
    const all = await post({ reason: "Customer changed their mind" });
    expect(all.json).toMatchObject({ refund: { amount: 4500.5 }, refundable: { amount: 0 } });
    expect((await post({ amount: 1, reason: "Once more" })).status).toBe(400);
  });

  it("the owner's screen reads a refund it started as settled once the provider says so, without waiting for the re-check pass", async () => {
    process.env.LOCAL_REFUND_DELAY_MS = "0";
    const q = await k.sentQuote();
    const started = await k.pay(q.token, payBody());
    await k.press(started.json.payment_session_id);
    const id = started.json.order_id as string;
    const posted = await call(refundsRoute.POST, `/v2/admin/order/${id}/refunds`, {
      method: "POST",
      token: OWNER,
      body: { amount: 100, reason: "Chipped corner" },
      params: { id },
    });
    expect(posted.status).toBe(201);
    expect(posted.json.refunds[0]).toMatchObject({ status: "PENDING" });
    const read = await call(refundsRoute.GET, `/v2/admin/order/${id}/refunds`, {
      token: OWNER,
      params: { id },
    });
    expect(read.status).toBe(200);
    expect(read.json.refunds[0]).toMatchObject({ status: "SUCCESS" });
    expect(read.json).toMatchObject({ refunded: { amount: 100 }, pending: { amount: 0 } });
  });

  it("a shopper is refused: refunds are the owner's", async () => {
    const answer = await call(refundsRoute.POST, "/v2/admin/order/x/refunds", {
      method: "POST",
      token: "test:someone",
      body: { reason: "mine" },
      params: { id: "x" },
    });
    expect([401, 403]).toContain(answer.status);
  });
});
