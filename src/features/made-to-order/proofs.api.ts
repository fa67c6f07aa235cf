/**
 * HTTP handlers of proofs (docs/decisions/0121-proofs.md; docs/api.md). Owner endpoints start
 * with requireAdmin and record their change in the audit trail; the customer answers on their own
 * order (someone else's is a 404). The quote link's answer is custom work's (custom.api.ts), which
 * finds the order from the link and calls answerProof.
 */
import type { APIContext } from "astro";
import { requireAdmin, requireUser } from "~/server/auth/auth.server";
import { getDb } from "~/server/db/client";
import { HttpError, json, parseWith, readJson } from "~/server/http";
import { idParam } from "~/lib/fields";
import { auditActor } from "~/features/audit/audit.server";
import { loadOrder } from "~/features/orders/orders.server";
import { proofAnswerInput, proofInput, proofSkipInput } from "./proofs.schema";
import {
  answerProof,
  loadOrderProofs,
  loadProofSkip,
  sendProof,
  setProofSkip,
} from "./proofs.server";

const BODY_CAP = 32 * 1024;

/** GET /v2/admin/order/{id}/proofs */
export async function getOrderProofs(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  const id = parseWith(idParam(), context.params.id);
  const proofs = await loadOrderProofs(await getDb(), id);
  if (!proofs) throw new HttpError(404, "Order not found");
  return json(proofs);
}

/** POST /v2/admin/order/{id}/proofs { images, message } -> 201 the proofs */
export async function postOrderProof(context: APIContext): Promise<Response> {
  const user = await requireAdmin(context);
  const id = parseWith(idParam(), context.params.id);
  const input = await readJson(context.request, proofInput, BODY_CAP);
  return json(await sendProof(await getDb(), auditActor(context, user), id, input), {
    status: 201,
  });
}

/** POST /v2/orders/{id}/proof { decision, message? }: the customer's answer on their own order. */
export async function postMyProofAnswer(context: APIContext): Promise<Response> {
  const user = await requireUser(context);
  const id = parseWith(idParam(), context.params.id);
  const input = await readJson(context.request, proofAnswerInput, BODY_CAP);
  const db = await getDb();
  const mine = await loadOrder(db, id, user.uid, user.emailVerified ? user.email : null);
  if (!mine) throw new HttpError(404, "Order not found");
  return json(await answerProof(db, id, input));
}

/** GET /v2/admin/product/{id}/proofs -> { skip } */
export async function getProductProofs(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  const id = parseWith(idParam(), context.params.id);
  return json(await loadProofSkip(await getDb(), id));
}

/** PUT /v2/admin/product/{id}/proofs { skip } -> { skip } */
export async function putProductProofs(context: APIContext): Promise<Response> {
  const user = await requireAdmin(context);
  const id = parseWith(idParam(), context.params.id);
  const input = await readJson(context.request, proofSkipInput, BODY_CAP);
  return json(await setProofSkip(await getDb(), auditActor(context, user), id, input.skip));
}
