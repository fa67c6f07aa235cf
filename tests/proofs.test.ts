/**
 * Proofs before production (docs/decisions/0121-proofs.md) on both engines: rounds kept, the
 * customer's answer (through the quote link, or on their own order), stages refused before
 * approval, approval locking the personalisation, a late approval moving the promise, mails for
 * every round, the audit row, and "skip proofs" per product.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { answerProof } from "~/features/made-to-order/proofs.server";
import { call } from "./helpers/call";
import { makeShopper } from "./helpers/checkout";
import { DAY, OWNER, customWorkKit, payBody } from "./helpers/custom-work";
import { dbKinds } from "./helpers/db";
import { answerByLink, readProofs, sendProof } from "./helpers/proofs";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const stagesRoute = await import("~/pages/v2/admin/order/[id]/stages");
const myProof = await import("~/pages/v2/orders/[id]/proof");
const productProofs = await import("~/pages/v2/admin/product/[id]/proofs");

describe.each(dbKinds)("proofs on %s", (kind) => {
  const k = customWorkKit(kind);

  async function paidQuoteOrder() {
    const q = await k.sentQuote();
    const started = await k.pay(q.token, payBody());
    await k.press(started.json.payment_session_id);
    return { q, orderId: started.json.order_id as string };
  }
  const stage = (orderId: string, key: string) =>
    call(stagesRoute.POST, `/v2/admin/order/${orderId}/stages`, {
      method: "POST",
      token: OWNER,
      body: { stage: key },
      params: { id: orderId },
    });
  const proof = (message = "Your block, 6 inch, shells on the left") => ({
    images: ["/media/mock-1.webp", "/media/mock-2.webp"],
    message,
  });

  it("a proof rejected once and approved: both rounds kept, stages wait for the approval, the approval locks, mails each round, audited", async () => {
    const { q, orderId } = await paidQuoteOrder();
    expect((await readProofs(orderId)).json).toMatchObject({ needed: true, state: "none" });
    const refused = await stage(orderId, "design-agreed");
    expect(refused.status).toBe(409);
    expect(refused.json.error).toBe(
      "The customer has not approved the proof yet: production stages wait for the approval.",
    );
    expect((await sendProof(orderId, { images: [], message: "x" })).status).toBe(400);
    expect(
      (await sendProof(orderId, { images: ["https://evil.example/a.png"], message: "x" })).status,
    ).toBe(400);
    expect((await sendProof(orderId, proof(), `test:someone-${kind}`)).status).toBe(403);
    const before = (await k.mailsTo("meera@example.com")).length;

    const first = await sendProof(orderId, proof());
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ state: "awaiting", rounds: [{ round: 1 }] });
    const waiting = await sendProof(orderId, proof("again"));
    expect(waiting.status).toBe(409);
    expect(waiting.json.error).toContain("Round 1 still waits");

    const empty = await answerByLink(q.token, { decision: "changes" });
    expect(empty.status).toBe(400);
    expect(empty.json.error).toBe("Say what to change, in a sentence or two.");
    const changes = await answerByLink(q.token, {
      decision: "changes",
      message: "Please put the shells on the right",
    });
    expect(changes.status).toBe(200);
    expect(changes.json.state).toBe("changes");
    expect((await stage(orderId, "design-agreed")).status).toBe(409);

    expect((await sendProof(orderId, proof("Shells on the right now"))).status).toBe(201);
    const approved = await answerByLink(q.token, { decision: "approve" });
    expect(approved.status).toBe(200);
    expect(approved.json).toMatchObject({ state: "approved", promiseMoved: false });
    expect(approved.json.approvedAt).toBeTruthy();

    const locked = await sendProof(orderId, proof("one more"));
    expect(locked.status).toBe(409);
    expect(locked.json.error).toBe("The proof is approved: the personalisation is locked.");
    expect((await answerByLink(q.token, { decision: "changes", message: "x" })).status).toBe(409);
    expect((await stage(orderId, "design-agreed")).status).toBe(200);

    const read = (await readProofs(orderId)).json;
    expect(read.rounds.map((r: { status: string }) => r.status)).toEqual(["changes", "approved"]);
    expect(read.rounds[0]).toMatchObject({
      reply: "Please put the shells on the right",
      images: ["/media/mock-1.webp", "/media/mock-2.webp"],
    });
    const customer = (await k.mailsTo("meera@example.com")).slice(before).map((m) => m.subject);
    expect(customer).toEqual([
      expect.stringContaining("round 1"),
      expect.stringContaining("round 2"),
      expect.stringContaining("proof approved"),
      expect.stringContaining("Design agreed done"),
    ]);
    const owner = (await k.mailsTo("hello@resintales.example")).filter((m) =>
      m.subject.includes(`proof round`),
    );
    expect(owner.map((m) => m.subject)).toEqual([
      `Resin Tales: proof round 1 of order ${orderId} needs changes`,
      `Resin Tales: proof round 2 of order ${orderId} approved`,
    ]);
    const audit = await k.t.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entityId, orderId));
    expect(audit.filter((a) => a.action === "proof.send")).toHaveLength(2);
    expect((await answerByLink("x".repeat(43), { decision: "approve" })).status).toBe(404);
  });

  it("a late approval moves the promise: the rest of the window counts from the approval, and the customer is told", async () => {
    const { orderId } = await paidQuoteOrder();
    const paid = await k.orderRow(orderId);
    expect((await sendProof(orderId, proof())).status).toBe(201);
    const at = new Date(paid.paidAt!.getTime() + 10 * DAY);
    const answer = await answerProof(k.t.db, orderId, { decision: "approve" }, at);
    expect(answer.promiseMoved).toBe(true);
    const moved = await k.orderRow(orderId);
    // dispatchMaxDays 15, 3 of them for agreeing the design: 12 days from the approval.
    expect(moved.promisedDispatchAt!.getTime()).toBe(at.getTime() + 12 * DAY);
    const mail = (await k.mailsTo("meera@example.com")).at(-1)!;
    expect(mail.body).toContain("Your dispatch date counts from your approval");
  });

  it("a catalogue order with a note needs a proof unless its product skips proofs; the shopper answers on their own order only", async () => {
    const shopper = await makeShopper(k.t.db, k.shop, `proof-${kind}`);
    await k.t.db
      .update(schema.cartItems)
      .set({ note: "The Sharma Family" })
      .where(eq(schema.cartItems.productId, k.shop.frameId));
    const created = await k.createOrder(shopper.token);
    const orderId = created.json.order_id as string;
    expect((await sendProof(orderId, proof())).status).toBe(400); // not paid yet
    await k.press(created.json.payment_session_id);
    expect((await readProofs(orderId)).json.needed).toBe(true);
    expect((await sendProof(orderId, proof())).status).toBe(201);
    const answer = (token: string, body: unknown) =>
      call(myProof.POST, `/v2/orders/${orderId}/proof`, {
        method: "POST",
        token,
        body,
        params: { id: orderId },
      });
    expect((await answer(`test:stranger-${kind}`, { decision: "approve" })).status).toBe(404);
    expect((await answer(shopper.token, { decision: "maybe" })).status).toBe(400);
    const ok = await answer(shopper.token, { decision: "approve" });
    expect(ok.status).toBe(200);
    expect(ok.json.state).toBe("approved");

    const put = (id: string, body: unknown, token = OWNER) =>
      call(productProofs.PUT, `/v2/admin/product/${id}/proofs`, {
        method: "PUT",
        token,
        body,
        params: { id },
      });
    expect((await put("no-such-product", { skip: true })).status).toBe(404);
    expect((await put(k.shop.frameId, { skip: "yes" })).status).toBe(400);
    expect((await put(k.shop.frameId, { skip: true })).json).toEqual({ skip: true });
    expect((await readProofs(orderId)).json.needed).toBe(false);
    const got = await call(productProofs.GET, `/v2/admin/product/${k.shop.frameId}/proofs`, {
      token: OWNER,
      params: { id: k.shop.frameId },
    });
    expect(got.json).toEqual({ skip: true });
    expect((await put(k.shop.frameId, { skip: false })).json).toEqual({ skip: false });
  });
});
