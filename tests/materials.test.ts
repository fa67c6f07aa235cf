/**
 * The customer's own materials (docs/decisions/0123-customer-materials.md) on both engines: a varmala
 * order expects a parcel from payment (its reference made), the customer says how they sent it (link
 * or own order), the owner marks it received with photos (the promise then counts from receipt, the
 * "Garland received" stage is done with them, the
 * customer is mailed, the change audited), refusals, and the overdue list after 10 days.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { preservationTimeline } from "~/features/made-to-order/preservation";
import { schema } from "~/server/db/client";
import { call } from "./helpers/call";
import { DAY, OWNER, customWorkKit, payBody } from "./helpers/custom-work";
import { dbKinds } from "./helpers/db";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const ownerRoute = await import("~/pages/v2/admin/order/[id]/materials");
const overdueRoute = await import("~/pages/v2/admin/materials/overdue");
const stagesRoute = await import("~/pages/v2/admin/order/[id]/stages");
const linkRoute = await import("~/pages/v2/quotes/[token]/materials");
const myRoute = await import("~/pages/v2/orders/[id]/materials");

describe.each(dbKinds)("customer materials on %s", (kind) => {
  const k = customWorkKit(kind);

  async function paidVarmalaQuote() {
    const q = await k.sentQuote({ stageSet: "varmala", dispatchMinDays: 20, dispatchMaxDays: 25 });
    const started = await k.pay(q.token, payBody());
    await k.press(started.json.payment_session_id);
    return { q, orderId: started.json.order_id as string };
  }
  const received = (orderId: string, body: unknown, token = OWNER) =>
    call(ownerRoute.POST, `/v2/admin/order/${orderId}/materials`, {
      method: "POST",
      token,
      body,
      params: { id: orderId },
    });
  const sent = (quoteToken: string, body: unknown) =>
    call(linkRoute.POST, `/v2/quotes/${quoteToken}/materials`, {
      method: "POST",
      body,
      params: { token: quoteToken },
    });

  it("a varmala quote's parcel: reference at payment, sent by the link, received with photos, the promise moved and the customer told", async () => {
    const { q, orderId } = await paidVarmalaQuote();
    const read = await call(ownerRoute.GET, `/v2/admin/order/${orderId}/materials`, {
      token: OWNER,
      params: { id: orderId },
    });
    expect(read.status).toBe(200);
    expect(read.json.reference).toMatch(/^RT-[A-Z0-9]{8}$/);
    expect(read.json.receivedAt).toBeNull();
    expect(read.json.timeline).toEqual([]);

    expect((await sent(q.token, { courier: "", tracking: "X1" })).status).toBe(400);
    const told = await sent(q.token, { courier: "Blue Dart", tracking: "BD123456" });
    expect(told.status).toBe(200);
    expect(told.json).toMatchObject({ courier: "Blue Dart", tracking: "BD123456" });

    expect((await received(orderId, { photos: ["https://evil.example/x.png"] })).status).toBe(400);
    expect((await received(orderId, {}, `test:someone-${kind}`)).status).toBe(403);
    const before = await k.orderRow(orderId);
    const at = Date.now();
    const marked = await received(orderId, {
      note: "Fresh, well packed",
      photos: ["/media/box.webp"],
    });
    expect(marked.status).toBe(200);
    expect(marked.json).toMatchObject({ promiseMoved: true, receivedNote: "Fresh, well packed" });
    // The preservation timeline, dated from the receipt (docs/decisions/0123).
    expect(marked.json.timeline).toEqual(preservationTimeline(new Date(marked.json.receivedAt)));
    expect(marked.json.timeline.map((s: { step: string }) => s.step)).toEqual([
      "drying",
      "silica",
      "keepsake",
    ]);
    const after = await k.orderRow(orderId);
    // 25 days from payment became 25 days from receipt.
    expect(after.promisedDispatchAt!.getTime()).toBeGreaterThan(
      before.promisedDispatchAt!.getTime(),
    );
    expect(after.promisedDispatchAt!.getTime()).toBeGreaterThanOrEqual(at + 25 * DAY);
    expect(after.promisedDispatchAt!.getTime()).toBeLessThan(at + 25 * DAY + 60_000);
    // The parcel received is the varmala list's first stage, with its note and photos.
    const stages = await call(stagesRoute.GET, `/v2/admin/order/${orderId}/stages`, {
      token: OWNER,
      params: { id: orderId },
    });
    expect(stages.json.stages[0]).toMatchObject({
      key: "garland-received",
      done: true,
      doneAt: marked.json.receivedAt,
      note: "Fresh, well packed",
      photos: ["/media/box.webp"],
    });
    expect(stages.json.stages[1]).toMatchObject({ key: "drying", done: false });
    const mail = (await k.mailsTo("meera@example.com")).at(-1)!;
    expect(mail.subject).toContain("your flowers arrived");
    expect(mail.body).toContain("counts from their arrival");
    const again = await received(orderId, {});
    expect(again.status).toBe(409);
    expect((await sent(q.token, { courier: "DTDC", tracking: "2" })).status).toBe(409);
    const audit = await k.t.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entityId, orderId));
    expect(audit.map((a) => a.action)).toContain("materials.received");
  });

  it("a custom (non-varmala) order expects no parcel; a varmala catalogue order does, answered on the shopper's own order; overdue after 10 days", async () => {
    const q = await k.sentQuote();
    const plain = await k.pay(q.token, payBody());
    await k.press(plain.json.payment_session_id);
    const none = await call(ownerRoute.GET, `/v2/admin/order/${plain.json.order_id}/materials`, {
      token: OWNER,
      params: { id: plain.json.order_id },
    });
    expect(none.status).toBe(404);
    expect((await received(plain.json.order_id, {})).status).toBe(400);

    const { orderId, shopper } = await k.paidVarmalaOrder({
      category: `Varmala mat ${kind}`,
      product: "Varmala frame",
      shopper: `mat-${kind}`,
    });
    const mine = (token: string) =>
      call(myRoute.POST, `/v2/orders/${orderId}/materials`, {
        method: "POST",
        token,
        body: { courier: "DTDC", tracking: "D998877" },
        params: { id: orderId },
      });
    expect((await mine(`test:stranger-${kind}`)).status).toBe(404);
    expect((await mine(shopper.token)).json).toMatchObject({ courier: "DTDC" });

    const overdue = async () =>
      (
        (await call(overdueRoute.GET, "/v2/admin/materials/overdue", { token: OWNER })).json as {
          orderId: string;
        }[]
      ).map((r) => r.orderId);
    expect(await overdue()).not.toContain(orderId);
    await k.t.db
      .update(schema.orderMaterials)
      .set({ expectedSince: new Date(Date.now() - 11 * DAY) })
      .where(eq(schema.orderMaterials.orderId, orderId));
    expect(await overdue()).toContain(orderId);
    expect((await received(orderId, {})).status).toBe(200);
    expect(await overdue()).not.toContain(orderId);
  });
});
