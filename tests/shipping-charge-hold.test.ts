/**
 * A shipping charge before dispatch (docs/decisions/0205-shipping-charge-before-dispatch.md) on
 * both engines: while its link is out and unpaid the owner cannot mark the order shipped (409 with
 * the sentence), so "on its way" never comes before the charge is paid; paying it, or withdrawing
 * the link (the charge waived, audited), lets the order go.
 */
import { describe, expect, it, vi } from "vitest";
import { DISPATCH_HOLDS } from "~/features/made-to-order/dispatch-holds.server";
import { loadMyOrderPage } from "~/features/orders/order-page.server";
import { customWorkKit, payBody } from "./helpers/custom-work";
import { dbKinds } from "./helpers/db";
import { approvedProof } from "./helpers/proofs";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

describe.each(dbKinds)("a shipping charge before dispatch, on %s", (kind) => {
  const k = customWorkKit(kind);
  const { ship } = k;

  /** A paid custom order with its proof approved and a shipping charge asked for. */
  async function chargedOrder() {
    const q = await k.sentQuote();
    const started = await k.pay(q.token, payBody({ customer_email: q.email }));
    await k.press(started.json.payment_session_id);
    const orderId = started.json.order_id as string;
    await approvedProof(orderId, q.token);
    const asked = await k.shippingCharge(orderId, { amount: 95 });
    expect(asked.status).toBe(201);
    const token = k.tokenIn((await k.mailsTo(q.email)).at(-1)!.body)!;
    return { orderId, token, chargeId: asked.json.quote.id as string, email: q.email };
  }

  it("refuses shipped while the charge is unpaid; ships once it is paid", async () => {
    const { orderId, token, email } = await chargedOrder();
    // The customer's order page says the charge is due (the link is in the mail).
    const userId = (await k.orderRow(orderId)).userId;
    const pageOf = async () => {
      const page = await loadMyOrderPage(async () => k.t.db, userId, orderId);
      return page.state === "found" ? page.shippingDue : "missing";
    };
    expect(await pageOf()).toMatchObject({ amountPaise: 9_500 });
    const refused = await ship(orderId);
    expect(refused.status).toBe(409);
    expect(refused.json.error).toContain(DISPATCH_HOLDS.shipping.refusal);
    expect((await k.orderRow(orderId)).status).toBe("processing");
    const charge = await k.pay(token, payBody({ customer_email: email }));
    await k.press(charge.json.payment_session_id);
    expect(await pageOf()).toBeNull();
    expect((await ship(orderId)).status).toBe(200);
  });

  it("withdrawing the charge's link waives it: the order ships", async () => {
    const { orderId, chargeId } = await chargedOrder();
    expect((await ship(orderId)).status).toBe(409);
    expect((await k.act(chargeId, "withdraw")).status).toBe(200);
    expect((await ship(orderId)).status).toBe(200);
  });
});
