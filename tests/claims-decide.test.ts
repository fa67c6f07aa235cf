/**
 * The owner's one decision on a damage claim (docs/decisions/0247-damage-claims.md, 0248) on both
 * engines: two tabs deciding at once get one decision and one 409; a replacement is one free order
 * through the order store, at work through the order's moves; a refund goes through the refund path
 * (the refund row, its provider call, the shopper's mail); a decline needs its reason; the shopper
 * is mailed; the report counts claims, their share of deliveries and their cost.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { recordRefundState } from "~/features/refunds/refunds.server";
import { schema } from "~/server/db/client";
import { call } from "./helpers/call";
import { fileClaim } from "./helpers/claims";
import { dbKinds } from "./helpers/db";
import { reviewShopKit, makeOrder, OWNER } from "./helpers/reviews";
import { useScratchDataDir } from "./helpers/scratch-data-dir";
import { useLocalProvider } from "./helpers/checkout";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const myClaim = await import("~/pages/v2/orders/[id]/claim");
const decisionRoute = await import("~/pages/v2/admin/claims/[id]/decision");
const listRoute = await import("~/pages/v2/admin/claims/index");
const countRoute = await import("~/pages/v2/admin/claims/count");
const reportRoute = await import("~/pages/v2/admin/reports/claims");

useScratchDataDir("resin-claims-decide-");
useLocalProvider();

describe.each(dbKinds)("deciding damage claims on %s", (kind) => {
  const { t, shop, shopper } = reviewShopKit(kind, "decide");

  /** A delivered, paid order of two lines (₹499 each) and its claim on the first line. */
  async function claimed() {
    const { uid, token } = await shopper();
    const orderId = await makeOrder(t.db, uid, [shop.frameId, shop.tagId]);
    await t.db.insert(schema.payments).values({
      providerPaymentId: `pay-${orderId}`,
      orderId,
      provider: "local",
      status: "SUCCESS",
      amountPaise: 99800,
    });
    const claimId = await fileClaim(myClaim.POST, orderId, token);
    return { uid, orderId, claimId, email: `${uid}@example.com` };
  }
  const decide = (claimId: string, body: unknown, token = OWNER) =>
    call(decisionRoute.POST, `/v2/admin/claims/${claimId}/decision`, {
      method: "POST",
      token,
      body,
      params: { id: claimId },
    });
  const mailsTo = async (to: string) =>
    (await t.db.select().from(schema.outbox)).filter((m) => m.to === to);

  it("two tabs replacing at once: one free replacement order at work, the other 409; a later decline is 409 too", async () => {
    const c = await claimed();
    const answers = await Promise.all([
      decide(c.claimId, { decision: "replace" }),
      decide(c.claimId, { decision: "replace" }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const won = answers.find((a) => a.status === 200)!;
    expect(won.json).toMatchObject({ status: "replaced" });
    const replacements = await t.db
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.userId, c.uid));
    expect(replacements).toHaveLength(2);
    const replacement = replacements.find((o) => o.id === won.json.replacementOrderId)!;
    expect(replacement).toMatchObject({
      totalPaise: 0,
      status: "processing",
      paymentStatus: "Paid",
      expiresAt: null,
    });
    expect(replacement.timeline.processing).toBeTruthy();
    const lines = await t.db
      .select()
      .from(schema.orderItems)
      .where(eq(schema.orderItems.orderId, replacement.id));
    expect(lines.map((l) => [l.productName, l.quantity, l.pricePaise])).toEqual([
      [`Product ${shop.frameId}`, 1, 0],
    ]);
    expect(
      (await decide(c.claimId, { decision: "decline", reason: "Changed my mind" })).status,
    ).toBe(409);
    const [row] = await t.db
      .select()
      .from(schema.damageClaims)
      .where(eq(schema.damageClaims.id, c.claimId));
    expect(row).toMatchObject({ status: "replaced", replacementCostPaise: 49900 });
    expect(
      (await mailsTo(c.email)).some((m) => m.body.includes("replacement for you at no cost")),
    ).toBe(true);
  });

  it("a refund goes through the refund path: the refund row, its success recorded once, the shopper mailed", async () => {
    const c = await claimed();
    const answers = await Promise.all([
      decide(c.claimId, { decision: "refund" }),
      decide(c.claimId, { decision: "decline", reason: "No damage in the video" }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const [row] = await t.db
      .select()
      .from(schema.damageClaims)
      .where(eq(schema.damageClaims.id, c.claimId));
    const refunds = await t.db
      .select()
      .from(schema.refunds)
      .where(eq(schema.refunds.orderId, c.orderId));
    if (row!.status === "refunded") {
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({ id: row!.refundId, amountPaise: 49900 });
      expect(await recordRefundState(t.db, refunds[0]!.id, { status: "SUCCESS" })).toBe(true);
      expect((await mailsTo(c.email)).some((m) => m.subject.includes("refund of"))).toBe(true);
    } else {
      expect(row!.status).toBe("declined");
      expect(refunds).toHaveLength(0);
    }
  });

  it("a part refund of a stated amount; above what was paid is a 400 and the claim stays open", async () => {
    const c = await claimed();
    const tooMuch = await decide(c.claimId, { decision: "refund", amount: 5000 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.json.error).toContain("can still be refunded");
    const [open] = await t.db
      .select()
      .from(schema.damageClaims)
      .where(eq(schema.damageClaims.id, c.claimId));
    expect(open!.status).toBe("open");
    const part = await decide(c.claimId, {
      decision: "refund",
      amount: 150,
      reason: "A chipped corner",
    });
    expect(part.status).toBe(200);
    expect(part.json).toMatchObject({ status: "refunded", refund: { amount: 150 } });
  });

  it("decline needs a reason; bad bodies and a shopper are refused with nothing written", async () => {
    const c = await claimed();
    expect((await decide(c.claimId, { decision: "decline" })).status).toBe(400);
    expect((await decide(c.claimId, { decision: "decline", reason: "no" })).status).toBe(400);
    expect((await decide(c.claimId, { decision: "burn" })).status).toBe(400);
    expect((await decide(c.claimId, { decision: "replace" }, `test:${c.uid}`)).status).toBe(403);
    expect((await decide("clm_missing", { decision: "replace" })).status).toBe(404);
    const [open] = await t.db
      .select()
      .from(schema.damageClaims)
      .where(eq(schema.damageClaims.id, c.claimId));
    expect(open!.status).toBe("open");
    const count = await call(countRoute.GET, "/v2/admin/claims/count", { token: OWNER });
    expect(count.json.count).toBeGreaterThanOrEqual(1);
    const list = await call(listRoute.GET, "/v2/admin/claims?show=open", { token: OWNER });
    expect(list.json.claims.map((x: { id: string }) => x.id)).toContain(c.claimId);
    const declined = await decide(c.claimId, {
      decision: "decline",
      reason: "The video shows the piece whole.",
    });
    expect(declined.json).toMatchObject({
      status: "declined",
      declineReason: "The video shows the piece whole.",
    });
  });

  it("the report: claims per month, their share of delivered orders, replacement and refund cost", async () => {
    const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
    const answer = await call(
      reportRoute.GET,
      `/v2/admin/reports/claims?from=${month}&to=${month}`,
      { token: OWNER },
    );
    expect(answer.status).toBe(200);
    const [row] = answer.json.months;
    // The second case's race is won by the refund or the decline: either way three of the four.
    expect(row).toMatchObject({ month, claims: 4, replaced: 1, cost: 499 });
    expect(row.refunds + row.declined).toBe(3);
    expect([0, 499]).toContain(row.refunded);
    expect(row.deliveredOrders).toBeGreaterThanOrEqual(4);
    expect(row.share).toBeCloseTo(4 / row.deliveredOrders, 3);
    expect(
      (
        await call(reportRoute.GET, "/v2/admin/reports/claims?from=2026-05&to=2026-04", {
          token: OWNER,
        })
      ).status,
    ).toBe(400);
  });
});
