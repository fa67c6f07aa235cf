/**
 * The owner's one decision on a claim (docs/decisions/0247-damage-claims.md, 0248-claim-replacement-order.md):
 * replace (a free order of the claimed lines, stored through the one order store and moved to work
 * through the order's moves), refund (through the refund path, its credit note at the refund's
 * success), or decline with a reason. Exactly once: the claim's row is locked and must still be open,
 * so a double click or a second tab waits and then gets 409; the replacement's idempotency key (one
 * per claim) would answer the same order even if it ran twice. Everything is one transaction; the
 * refund is sent to the provider after it commits (as the owner's refunds are).
 */
import { eq } from "drizzle-orm";
import type { Db, Tx } from "~/server/db/client";
import { damageClaims, orders } from "~/server/db/schema";
import { HttpError } from "~/server/http";
import type { PaymentProvider } from "~/server/payments/provider";
import { log } from "~/server/log/logger";
import { addDaysTo } from "~/lib/dates";
import { type AuditActor, recordAudit } from "~/features/audit/audit.server";
import { moveOrder } from "~/features/orders/order-moves.server";
import { lockOrderRow, orderItemRows } from "~/features/orders/order-records.server";
import { type StoredOrder, storeOrder } from "~/features/orders/store-order.server";
import { openRefundIn, refundTotals, submitRefund } from "~/features/refunds/refunds.server";
import { issueDeliveryChallan } from "~/features/books/challan.server";
import { tellShopperOfDecision } from "./claim-mail.server";
import type { ClaimRow } from "./claims.server";
import { CLAIM_TEXTS } from "./claims";
import type { DecisionInput } from "./claims.schema";

type Line = Awaited<ReturnType<typeof orderItemRows>>[number];

/** What the claimed lines sold for, after their share of a code discount (paise). */
function claimedValue(claim: ClaimRow, lines: Line[]): number {
  const byId = new Map(lines.map((l) => [l.id, l]));
  return claim.lines.reduce((sum, c) => {
    const line = byId.get(c.itemId);
    if (!line) return sum;
    const discount = Math.round((line.discountPaise * c.quantity) / line.quantity);
    return sum + line.pricePaise * c.quantity - discount;
  }, 0);
}

/** The free replacement: the claimed lines at ₹0, to the same person and address, then to work. */
async function storeReplacement(
  tx: Tx,
  order: StoredOrder,
  claim: ClaimRow,
  lines: Line[],
  now: Date,
) {
  const byId = new Map(lines.map((l) => [l.id, l]));
  const head = await storeOrder(
    tx,
    { userId: order.userId, quoteId: null, idempotencyKey: `claim-${claim.id}` },
    async () => ({
      kind: "catalogue",
      userId: order.userId,
      quoteId: null,
      claimEmail: order.claimEmail,
      person: order.shippingName,
      address: order.shippingAddress,
      notes: `Free replacement for order #${order.number} (damage claim ${claim.id}). No tax invoice: it travels with a delivery challan (docs/decisions/0250-replacement-delivery-challan.md).`,
      lines: claim.lines.map((c) => {
        const line = byId.get(c.itemId)!;
        return {
          productId: line.productId,
          name: line.productName,
          image: line.productImage,
          weightGrams: line.productWeightGrams,
          processingDays: order.dispatchDays,
          variant: line.variant,
          quantity: c.quantity,
          pricePaise: 0,
          productNote: line.productNote,
        };
      }),
    }),
    now,
  );
  if (head.status === "pending") {
    const [row] = await tx.select().from(orders).where(eq(orders.id, head.id));
    await moveOrder(tx, row!, "claim:replacement", {
      at: now,
      set: { expiresAt: null, promisedDispatchAt: addDaysTo(now, order.dispatchDays) },
    });
  }
  return head;
}

/** A claim's refund: one row per provider order it takes from (refund-parts.server.ts). */
type ClaimRefund = Awaited<ReturnType<typeof openRefundIn>>;

export interface Decided {
  claim: ClaimRow;
  refund: ClaimRefund | null;
}

/** Decides an open claim once; 409 when it was decided already (another tab, a double click). */
export async function decideClaim(
  db: Db,
  /** Asked for only when the decision is a refund. */
  provider: () => PaymentProvider,
  actor: AuditActor,
  claimId: string,
  input: DecisionInput,
  now = new Date(),
): Promise<Decided> {
  const decided = await db.transaction(async (tx) => {
    const [claim] = await tx
      .select()
      .from(damageClaims)
      .where(eq(damageClaims.id, claimId))
      .for("update");
    if (!claim) throw new HttpError(404, CLAIM_TEXTS.notFound);
    if (claim.status !== "open") throw new HttpError(409, CLAIM_TEXTS.decided);
    const order = await lockOrderRow(tx, claim.orderId);
    if (!order) throw new HttpError(404, "Order not found");
    const lines = await orderItemRows(tx, order.id);
    const value = claimedValue(claim, lines);
    const by = actor.email || actor.uid;
    let set: Partial<ClaimRow>;
    let refund: ClaimRefund | null = null;
    let replacementNumber: number | null = null;
    if (input.decision === "replace") {
      const head = await storeReplacement(tx, order, claim, lines, now);
      // Its delivery challan, once (decisions 0250, 0271): a failure fails the decision, so a
      // replacement never leaves without one; the owner decides again.
      await issueDeliveryChallan(
        tx,
        { replacementOrderId: head.id, original: order, lines: claim.lines, claimId: claim.id },
        now,
      );
      const [row] = await tx
        .select({ number: orders.number })
        .from(orders)
        .where(eq(orders.id, head.id));
      replacementNumber = row?.number ?? null;
      set = { status: "replaced", replacementOrderId: head.id, replacementCostPaise: value };
    } else if (input.decision === "refund") {
      const totals = await refundTotals(tx, order.id);
      const left = totals.paid - totals.refunded - totals.pending;
      const amount = input.amount ?? Math.min(value, left);
      if (amount <= 0) throw new HttpError(409, "This order has nothing left to refund.");
      refund = await openRefundIn(
        tx,
        {
          orderId: order.id,
          amountPaise: amount,
          reason: input.reason || `Damage claim ${claim.id}`,
          requestedBy: by,
          actor,
        },
        now,
      );
      set = { status: "refunded", refundId: refund.id, refundPaise: amount };
    } else {
      set = { status: "declined", declineReason: input.reason };
    }
    const [row] = await tx
      .update(damageClaims)
      .set({ ...set, decidedAt: now, decidedBy: by, updatedAt: now })
      .where(eq(damageClaims.id, claim.id))
      .returning();
    await recordAudit(
      tx,
      actor,
      {
        action: `claim.${input.decision}`,
        entity: "order",
        entityId: order.id,
        before: { claimId: claim.id, status: "open" },
        after: { claimId: claim.id, ...set },
      },
      now,
    );
    await tellShopperOfDecision(tx, order, row!, replacementNumber);
    return { claim: row!, refund };
  });
  // Sent after the commit, as the owner's refunds are; a failure here is retried by the refund re-check.
  for (const part of decided.refund?.parts ?? [])
    await submitRefund(db, provider(), part, now).catch((error: unknown) =>
      log.error(`[claims] refund ${part.id} not sent yet: ${String(error)}`),
    );
  return decided;
}
