/**
 * The proofs area's calls (docs/decisions/0121-proofs.md), on the portal's one API client: an
 * order's proof rounds, sending a new round, and a product's "Skip proofs". Answer types:
 * made-to-order/proofs.ts, which the server's code returns too.
 */
import type { OrderProofsJson } from "~/features/made-to-order/proofs";
import { adminGet, adminPost, adminPut } from "~/features/admin/shell/admin-api";

const proofsPath = (orderId: string) => `/v2/admin/order/${encodeURIComponent(orderId)}/proofs`;
const skipPath = (productId: string) => `/v2/admin/product/${encodeURIComponent(productId)}/proofs`;

export function fetchOrderProofs(orderId: string, signal?: AbortSignal): Promise<OrderProofsJson> {
  return adminGet<OrderProofsJson>(proofsPath(orderId), { signal });
}

export function sendOrderProof(
  orderId: string,
  body: { images: string[]; message: string },
): Promise<OrderProofsJson> {
  return adminPost<OrderProofsJson>(proofsPath(orderId), body);
}

export function fetchProofSkip(
  productId: string,
  signal?: AbortSignal,
): Promise<{ skip: boolean }> {
  return adminGet<{ skip: boolean }>(skipPath(productId), { signal });
}

export function saveProofSkip(productId: string, skip: boolean): Promise<{ skip: boolean }> {
  return adminPut<{ skip: boolean }>(skipPath(productId), { skip });
}
