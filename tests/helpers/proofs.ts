/**
 * Proof calls for the suites that work on custom orders (tests/proofs.test.ts, tests/custom-orders.test.ts):
 * the owner's round and the customer's answer through the quote link (docs/decisions/0121-proofs.md).
 */
import { expect } from "vitest";
import * as ownerProofs from "~/pages/v2/admin/order/[id]/proofs";
import * as quoteProof from "~/pages/v2/quotes/[token]/proof";
import { call } from "./call";

const OWNER = "test:owner-1";

export const sendProof = (orderId: string, body: unknown, token = OWNER) =>
  call(ownerProofs.POST, `/v2/admin/order/${orderId}/proofs`, {
    method: "POST",
    token,
    body,
    params: { id: orderId },
  });

export const readProofs = (orderId: string, token = OWNER) =>
  call(ownerProofs.GET, `/v2/admin/order/${orderId}/proofs`, { token, params: { id: orderId } });

export const answerByLink = (quoteToken: string, body: unknown) =>
  call(quoteProof.POST, `/v2/quotes/${quoteToken}/proof`, {
    method: "POST",
    body,
    params: { token: quoteToken },
  });

/** A paid custom order's proof sent and approved through its quote link. */
export async function approvedProof(orderId: string, quoteToken: string): Promise<void> {
  const sent = await sendProof(orderId, { images: ["/media/proof.webp"], message: "Your block" });
  expect(sent.status).toBe(201);
  expect((await answerByLink(quoteToken, { decision: "approve" })).status).toBe(200);
}
