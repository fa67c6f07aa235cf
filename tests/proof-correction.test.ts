/**
 * A correction after a proof was sent opens a new proof round (docs/decisions/0287-correction-
 * outdates-the-proof.md), on both engines: the awaiting round is closed as outdated (the owner sees
 * it and may send round 2, the owner is mailed), the customer can no longer approve the old proof
 * and is told a new proof follows; approving round 2 still locks the line.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { LOCKED_AFTER_APPROVAL } from "~/features/made-to-order/personalisation-correct.server";
import { PROOF_TEXTS } from "~/features/made-to-order/proofs";
import { NAMEPLATE_NAME as NAME } from "~/features/personalisation/nameplate.fixtures";
import { schema } from "~/server/db/client";
import { call } from "./helpers/call";
import { makeShopper } from "./helpers/checkout";
import { customWorkKit } from "./helpers/custom-work";
import { dbKinds } from "./helpers/db";
import { personaliseCartLine } from "./helpers/personalised-line";
import { readProofs, sendProof } from "./helpers/proofs";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const correctRoute = await import("~/pages/v2/orders/[id]/personalisation");
const answerRoute = await import("~/pages/v2/orders/[id]/proof");

describe.each(dbKinds)("a correction after a proof on %s", (kind) => {
  const k = customWorkKit(kind);
  let n = 0;

  async function paidPersonalisedOrder() {
    const shopper = await makeShopper(k.t.db, k.shop, `correct-${kind}-${++n}`);
    await personaliseCartLine(
      k.t.db,
      k.shop.frameId,
      [NAME],
      [{ id: "name", label: NAME.label, kind: "text", value: "Shrama Family" }],
    );
    const created = await k.createOrder(shopper.token);
    expect(created.status).toBe(200);
    const orderId = created.json.order_id as string;
    await k.press(created.json.payment_session_id);
    const lines = await k.t.db
      .select()
      .from(schema.orderItems)
      .where(eq(schema.orderItems.orderId, orderId));
    const itemId = lines.find((i) => i.productId === k.shop.frameId)!.id;
    return { token: shopper.token, orderId, itemId };
  }

  const correct = (token: string, id: string, itemId: string, name: string) =>
    call(correctRoute.PUT, `/v2/orders/${id}/personalisation`, {
      method: "PUT",
      token,
      body: { itemId, personalisation: { name } },
      params: { id },
    });
  const answer = (token: string, id: string, body: unknown) =>
    call(answerRoute.POST, `/v2/orders/${id}/proof`, {
      method: "POST",
      token,
      body,
      params: { id },
    });
  const ownerMails = async (orderId: string) =>
    (await k.t.db.select().from(schema.outbox)).filter((m) =>
      JSON.stringify(m).includes(`proof round 1 of order ${orderId} is outdated`),
    );

  it("closes the sent proof as outdated, lets the owner send round 2, and approval still locks", async () => {
    const { token, orderId, itemId } = await paidPersonalisedOrder();
    const sent = await sendProof(orderId, { images: ["/media/proof.webp"], message: "Round one" });
    expect(sent.status).toBe(201);

    const fixed = await correct(token, orderId, itemId, "Sharma Family");
    expect(fixed.status, JSON.stringify(fixed.json)).toBe(200);
    expect(fixed.json.newProofRound).toBe(true);

    const owner = (await readProofs(orderId)).json;
    expect(owner.state).toBe("changes");
    expect(owner.outdated).toBe(true);
    expect(owner.rounds[0]).toMatchObject({ round: 1, status: "changes", outdated: true });
    expect(owner.rounds[0].reply).toMatch(/this proof is outdated/);
    expect(owner.lines[0].personalisation[0].value).toBe("Sharma Family");
    expect(await ownerMails(orderId)).toHaveLength(1);

    // The outdated proof can no longer be approved.
    const stale = await answer(token, orderId, { decision: "approve" });
    expect(stale.status).toBe(409);
    expect(stale.json.error).toBe(PROOF_TEXTS.nothingToAnswer);

    // A second correction before round 2: still allowed, a round follows, no second mail.
    expect((await correct(token, orderId, itemId, "The Sharma Family")).json.newProofRound).toBe(
      true,
    );
    expect(await ownerMails(orderId)).toHaveLength(1);

    const second = await sendProof(orderId, { images: ["/media/proof2.webp"], message: "Round 2" });
    expect(second.status).toBe(201);
    expect(second.json.outdated).toBe(false);
    expect(second.json.rounds[1]).toMatchObject({ round: 2, status: "awaiting", outdated: false });
    expect((await answer(token, orderId, { decision: "approve" })).status).toBe(200);
    const locked = await correct(token, orderId, itemId, "Sharma");
    expect(locked.status).toBe(409);
    expect(locked.json.error).toBe(LOCKED_AFTER_APPROVAL);
  });

  it("a correction before any proof opens no round", async () => {
    const { token, orderId, itemId } = await paidPersonalisedOrder();
    const fixed = await correct(token, orderId, itemId, "Sharma Family");
    expect(fixed.status).toBe(200);
    expect(fixed.json.newProofRound).toBe(false);
    expect((await readProofs(orderId)).json).toMatchObject({ state: "none", outdated: false });
  });
});
