/**
 * Following orders (decisions 0045, 0046): studio stages marked by the owner only, each mailing the
 * customer; the promised dispatch date of catalogue orders and the owner's sort by it; the varmala
 * stages; the shipping charge at dispatch. Paying quotes: custom-orders.test.ts.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { makeShopper } from "./helpers/checkout";
import { call } from "./helpers/call";
import { DAY, OWNER, customWorkKit, payBody } from "./helpers/custom-work";
import { dbKinds } from "./helpers/db";
import { approvedProof } from "./helpers/proofs";

// Sign-in through the real auth module; only firebase-admin's verifyIdToken is stubbed
// ("test:<uid>" names the caller; the owner is the users row "owner-1" with role tm_admin).
vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const stagesRoute = await import("~/pages/v2/admin/order/[id]/stages");
const allOrders = await import("~/pages/v2/admin/allorders");

describe.each(dbKinds)("custom work: orders on %s", (kind) => {
  const k = customWorkKit(kind);
  const { view, pay, press, mailsTo, tokenIn, orderRow, sentQuote } = k;

  it("stages: the owner marks them in order with a note and photos, each mails the customer; dates and the next expected date", async () => {
    const q = await sentQuote();
    const started = await pay(q.token, payBody());
    const orderId = started.json.order_id as string;
    const stage = (body: unknown, token = OWNER) =>
      call(stagesRoute.POST, `/v2/admin/order/${orderId}/stages`, {
        method: "POST",
        token,
        body,
        params: { id: orderId },
      });
    expect((await stage({ stage: "design-agreed" })).status).toBe(400); // not paid yet
    await press(started.json.payment_session_id);
    expect((await stage({ stage: "resin-pour" })).json.error).toContain("design-agreed first");
    expect((await stage({ stage: "drying" })).status).toBe(400);
    expect((await stage({ stage: "design-agreed" }, `test:someone-${kind}`)).status).toBe(403);
    expect(
      (await stage({ stage: "design-agreed", photos: ["https://evil.example/x.png"] })).json.error,
    ).toContain("not an image uploaded to this shop");
    // Production waits for the customer's approval of a proof (docs/decisions/0121-proofs.md).
    expect((await stage({ stage: "design-agreed" })).status).toBe(409);
    await approvedProof(orderId, q.token);
    const before = (await mailsTo("meera@example.com")).length;
    const first = await stage({
      stage: "design-agreed",
      note: "Sketch approved",
      photos: ["/media/sketch.webp"],
    });
    expect(first.status).toBe(200);
    expect(first.json.stageSet).toBe("custom");
    expect(first.json.stages[0]).toMatchObject({
      key: "design-agreed",
      done: true,
      note: "Sketch approved",
      photos: ["/media/sketch.webp"],
    });
    const doneAt = new Date(first.json.stages[0].doneAt).getTime();
    expect(new Date(first.json.stages[1].expectedAt).getTime() - doneAt).toBe(2 * DAY);
    expect(first.json.stages[2].expectedAt).toBeNull();
    const second = await stage({ stage: "resin-pour", photos: ["/media/pour.webp"] });
    expect(second.json.stages.filter((s: { done: boolean }) => s.done)).toHaveLength(2);
    expect((await stage({ stage: "resin-pour" })).json.error).toContain("already");
    const mails = (await mailsTo("meera@example.com")).slice(before); // the payer's address
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringContaining("Design agreed done"),
      expect.stringContaining("Resin pour done"),
    ]);
    const page = await view(q.token);
    expect(page.json.stages.stages[1]).toMatchObject({
      key: "resin-pour",
      done: true,
      photos: ["/media/pour.webp"],
    });
    const read = await call(stagesRoute.GET, `/v2/admin/order/${orderId}/stages`, {
      token: OWNER,
      params: { id: orderId },
    });
    expect(read.json.stages).toHaveLength(5);
  });

  it("catalogue orders promise dispatch by their slowest product's processing window (20 days unless the owner set one), have no stages unless varmala; the owner sorts by the date and sees late ones", async () => {
    const shopper = await makeShopper(k.t.db, k.shop, `cat-${kind}`);
    const created = await k.createOrder(shopper.token);
    await press(created.json.payment_session_id);
    const order = await orderRow(created.json.order_id);
    expect(order.promisedDispatchAt!.getTime() - order.paidAt!.getTime()).toBe(20 * DAY);

    await k.t.db
      .update(schema.products)
      .set({ processingDays: 27 })
      .where(eq(schema.products.id, k.shop.frameId));
    await k.t.db
      .update(schema.products)
      .set({ processingDays: 6 })
      .where(eq(schema.products.id, k.shop.tagId));
    const slower = await makeShopper(k.t.db, k.shop, `cat-slow-${kind}`);
    const second = await k.createOrder(slower.token);
    await press(second.json.payment_session_id);
    const promised = await orderRow(second.json.order_id);
    expect(promised.promisedDispatchAt!.getTime() - promised.paidAt!.getTime()).toBe(27 * DAY);
    const stage = await call(stagesRoute.POST, `/v2/admin/order/${order.id}/stages`, {
      method: "POST",
      token: OWNER,
      body: { stage: "design-agreed" },
      params: { id: order.id },
    });
    expect(stage.status).toBe(400);
    // Make it late: its promise passed while still processing.
    await k.t.db
      .update(schema.orders)
      .set({ promisedDispatchAt: new Date(Date.now() - DAY) })
      .where(eq(schema.orders.id, order.id));
    const sorted = await call(allOrders.GET, "/v2/admin/allorders?sort=dispatch", { token: OWNER });
    expect(sorted.status).toBe(200);
    expect(sorted.json[0]).toMatchObject({ id: order.id, late: true });
    const dates = sorted.json
      .map((o: { promisedDispatchAt: string | null }) => o.promisedDispatchAt)
      .filter(Boolean);
    expect([...dates].sort()).toEqual(dates);
    const late = await call(allOrders.GET, "/v2/admin/allorders?late=true", { token: OWNER });
    expect(late.json.map((o: { id: string }) => o.id)).toEqual([order.id]);
    expect(
      (await call(allOrders.GET, "/v2/admin/allorders?sort=soon", { token: OWNER })).status,
    ).toBe(400);
  });

  it("a catalogue order with a varmala product follows the varmala stages", async () => {
    const { orderId } = await k.paidVarmalaOrder({
      category: `Varmala ${kind}`,
      product: "Varmala block",
      shopper: `varmala-${kind}`,
    });
    const marked = await call(stagesRoute.POST, `/v2/admin/order/${orderId}/stages`, {
      method: "POST",
      token: OWNER,
      body: { stage: "garland-received", note: "Arrived" },
      params: { id: orderId },
    });
    expect(marked.status).toBe(200);
    expect(marked.json.stageSet).toBe("varmala");
    expect(marked.json.stages.map((s: { key: string }) => s.key)).toEqual([
      "garland-received",
      "drying",
      "silica-gel",
      "resin-pour",
      "curing",
      "finishing",
      "ready-to-dispatch",
    ]);
    expect(marked.json.stages[1].expectedAt).toBeTruthy();
  });

  it("a shipping charge at dispatch: a link like a quote's; paying it sets the order's shipping cost", async () => {
    const q = await sentQuote();
    const started = await pay(q.token, payBody());
    await press(started.json.payment_session_id);
    const orderId = started.json.order_id as string;
    const asked = await k.shippingCharge(orderId, { amount: 180 });
    expect(asked.status).toBe(201);
    const token = tokenIn((await mailsTo("meera@example.com")).at(-1)!.body)!; // mailed to the payer
    expect(asked.json.link).toContain(token);
    expect((await view(token)).json.quote).toMatchObject({ kind: "shipping", total: 180 });
    const charge = await pay(token, payBody());
    await press(charge.json.payment_session_id);
    expect((await orderRow(orderId)).shippingCostPaise).toBe(18000);
    expect(await orderRow(charge.json.order_id)).toMatchObject({
      kind: "shipping",
      status: "processing",
    });
    expect((await k.shippingCharge(orderId, { amount: 180 })).status).toBe(409);
  });
});
