/**
 * Proofs before production (docs/decisions/0121-proofs.md): the owner sends a round (mock-ups and a
 * message), the customer approves or asks for changes, every round kept; approval locks the
 * personalisation and, when late, moves the promise; studio stages wait for approval. Mails for
 * every round go to the outbox in the same transaction. Orders are read through the orders
 * feature's records (decision 0062).
 */
import { randomUUID } from "node:crypto";
import { asc, eq, inArray } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "~/server/db/client";
import { orderProofs, proofSkippedProducts } from "~/server/db/schema";
import { HttpError } from "~/server/http";
import { type AuditActor, recordAudit } from "~/features/audit/audit.server";
import { loadPricingProducts } from "~/features/catalogue/pricing.server";
import { isShopImageUrl } from "~/features/media/uploaded-url.server";
import {
  loadOrderRow,
  lockOrderRow,
  orderLineNotes,
  setPromisedDispatch,
} from "~/features/orders/order-records.server";
import type { StoredOrder } from "~/features/orders/store-order.server";
import { mailProofAnswered, mailProofApproved, mailProofSent } from "./proof-mail.server";
import {
  isPersonalisedLine,
  PROOF_TEXTS,
  type OrderProofsJson,
  proofNeeded,
  proofState,
  promiseAfterApproval,
  stageWaitsForApproval,
} from "./proofs";
import type { ProofAnswerInput, ProofInput } from "./proofs.schema";

type ProofRow = typeof orderProofs.$inferSelect;

type OrderLine = Awaited<ReturnType<typeof orderLineNotes>>[number];

async function needsProof(
  db: DbOrTx,
  order: Pick<StoredOrder, "id" | "kind">,
  known?: readonly OrderLine[],
): Promise<boolean> {
  if (order.kind !== "catalogue") return proofNeeded(order.kind, [], new Set());
  const lines = known ?? (await orderLineNotes(db, order.id));
  const ids = lines.flatMap((l) => (l.productId && isPersonalisedLine(l) ? [l.productId] : []));
  const skipped = ids.length
    ? await db
        .select({ id: proofSkippedProducts.productId })
        .from(proofSkippedProducts)
        .where(inArray(proofSkippedProducts.productId, ids))
    : [];
  return proofNeeded(order.kind, lines, new Set(skipped.map((s) => s.id)));
}

function roundsOf(db: DbOrTx, orderId: string): Promise<ProofRow[]> {
  return db
    .select()
    .from(orderProofs)
    .where(eq(orderProofs.orderId, orderId))
    .orderBy(asc(orderProofs.round));
}

async function proofsOf(db: DbOrTx, order: StoredOrder): Promise<OrderProofsJson> {
  const rows = await roundsOf(db, order.id);
  const approved = rows.find((r) => r.status === "approved");
  const lines = await orderLineNotes(db, order.id);
  return {
    orderId: order.id,
    needed: await needsProof(db, order, lines),
    state: proofState(rows),
    outdated: Boolean(rows.at(-1)?.outdatedAt),
    rounds: rows.map((r) => ({
      round: r.round,
      images: r.images,
      message: r.message,
      status: r.status,
      reply: r.reply,
      sentAt: r.createdAt.toISOString(),
      repliedAt: r.repliedAt?.toISOString() ?? null,
      outdated: Boolean(r.outdatedAt),
    })),
    approvedAt: approved?.repliedAt?.toISOString() ?? null,
    promisedDispatchAt: order.promisedDispatchAt?.toISOString() ?? null,
    // Listed beside the proof, to check the names against the mock-up (decision 0267).
    lines: lines.filter(isPersonalisedLine).map((l) => ({
      name: l.productName,
      quantity: l.quantity,
      personalisation: l.personalisation,
      note: l.productNote.trim(),
    })),
  };
}

/** The proofs of an order (null when there is no such order). */
export async function loadOrderProofs(
  db: DbOrTx,
  orderId: string,
): Promise<OrderProofsJson | null> {
  const order = await loadOrderRow(db, orderId);
  return order ? proofsOf(db, order) : null;
}

const inProduction = (order: StoredOrder) => Boolean(order.paidAt) && order.status === "processing";

/** POST /v2/admin/order/{id}/proofs: a new round, mailed to the customer. */
export async function sendProof(
  db: Db,
  actor: AuditActor,
  orderId: string,
  input: ProofInput,
  now = new Date(),
): Promise<OrderProofsJson> {
  return db.transaction(async (tx) => {
    const order = await lockOrderRow(tx, orderId);
    if (!order) throw new HttpError(404, "Order not found");
    const foreign = input.images.find((url) => !isShopImageUrl(url));
    if (foreign)
      throw new HttpError(400, `images: ${foreign} is not an image uploaded to this shop`);
    if (!inProduction(order)) throw new HttpError(400, PROOF_TEXTS.notPaid);
    if (!(await needsProof(tx, order))) throw new HttpError(400, PROOF_TEXTS.notNeeded);
    const rows = await roundsOf(tx, orderId);
    const last = rows.at(-1);
    if (last?.status === "approved") throw new HttpError(409, PROOF_TEXTS.locked);
    if (last?.status === "awaiting") throw new HttpError(409, PROOF_TEXTS.waiting(last.round));
    const round = (last?.round ?? 0) + 1;
    await tx.insert(orderProofs).values({
      id: `prf_${randomUUID()}`,
      orderId,
      round,
      images: input.images,
      message: input.message,
      createdAt: now,
    });
    const to = order.shippingName.email;
    if (to)
      await mailProofSent(tx, to, order.shippingName.firstName, orderId, round, input.message);
    await recordAudit(
      tx,
      actor,
      {
        action: "proof.send",
        entity: "order",
        entityId: orderId,
        after: { round, images: input.images.length },
      },
      now,
    );
    return proofsOf(tx, order);
  });
}

/**
 * The customer's answer to the round awaiting it (the caller checked the order is theirs, or that
 * the quote link is). Approval locks the personalisation and may move the promise.
 */
export async function answerProof(
  db: Db,
  orderId: string,
  input: ProofAnswerInput,
  now = new Date(),
): Promise<OrderProofsJson & { promiseMoved: boolean }> {
  return db.transaction(async (tx) => {
    const order = await lockOrderRow(tx, orderId);
    if (!order) throw new HttpError(404, "Order not found");
    const last = (await roundsOf(tx, orderId)).at(-1);
    if (last?.status === "approved") throw new HttpError(409, PROOF_TEXTS.locked);
    if (last?.status !== "awaiting") throw new HttpError(409, PROOF_TEXTS.nothingToAnswer);
    const reply = input.message ?? "";
    const approve = input.decision === "approve";
    if (!approve && !reply) throw new HttpError(400, PROOF_TEXTS.replyNeeded);
    await tx
      .update(orderProofs)
      .set({ status: approve ? "approved" : "changes", reply, repliedAt: now })
      .where(eq(orderProofs.id, last.id));
    let promise = order.promisedDispatchAt;
    let moved = false;
    if (approve && order.paidAt) {
      const later = promiseAfterApproval(order.paidAt, order.dispatchDays, now, promise);
      if (later) {
        await setPromisedDispatch(tx, orderId, later, now);
        promise = later;
        moved = true;
      }
    }
    await mailProofAnswered(tx, orderId, last.round, approve, reply);
    const to = order.shippingName.email;
    if (approve && to)
      await mailProofApproved(tx, to, order.shippingName.firstName, orderId, promise, moved);
    const view = await proofsOf(tx, { ...order, promisedDispatchAt: promise });
    return { ...view, promiseMoved: moved };
  });
}

/** A needed proof that is not approved yet (the dispatch rule, dispatch-holds.server.ts). */
export async function proofAwaitsApproval(
  db: DbOrTx,
  order: Pick<StoredOrder, "id" | "kind">,
): Promise<boolean> {
  if (!(await needsProof(db, order))) return false;
  return !(await roundsOf(db, order.id)).some((r) => r.status === "approved");
}

/** Called by the studio stages before marking one: 409 while a needed proof is not approved. */
export async function refuseStageBeforeApproval(
  tx: Tx,
  order: StoredOrder,
  stage: string,
): Promise<void> {
  if (stageWaitsForApproval(stage) && (await proofAwaitsApproval(tx, order)))
    throw new HttpError(409, PROOF_TEXTS.stageRefused);
}

/** GET /v2/admin/product/{id}/proofs */
export async function loadProofSkip(db: DbOrTx, productId: string): Promise<{ skip: boolean }> {
  const [row] = await db
    .select()
    .from(proofSkippedProducts)
    .where(eq(proofSkippedProducts.productId, productId));
  return { skip: Boolean(row) };
}

/** PUT /v2/admin/product/{id}/proofs { skip } (404 for an unknown product). */
export async function setProofSkip(
  db: Db,
  actor: AuditActor,
  productId: string,
  skip: boolean,
): Promise<{ skip: boolean }> {
  return db.transaction(async (tx) => {
    const before = await loadProofSkip(tx, productId);
    if (!(await loadPricingProducts(tx, [productId])).has(productId))
      throw new HttpError(404, "Product not found");
    if (skip) await tx.insert(proofSkippedProducts).values({ productId }).onConflictDoNothing();
    else await tx.delete(proofSkippedProducts).where(eq(proofSkippedProducts.productId, productId));
    await recordAudit(tx, actor, {
      action: "product.proofs",
      entity: "product",
      entityId: productId,
      before,
      after: { skip },
    });
    return { skip };
  });
}
