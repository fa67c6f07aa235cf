/**
 * Damage claims (docs/decisions/0247-damage-claims.md): the window (from the order's delivered moment,
 * the courier's event or the owner's mark, both stamped `delivered` by the order's moves), opening a
 * claim (everything checked before anything is written; the files first, then the rows in one
 * transaction, the files removed again when the rows are not written), and reading claims.
 */
import { randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import type { Db, DbOrTx } from "~/server/db/client";
import { claimMedia, damageClaims } from "~/server/db/schema";
import { HttpError, parseWith } from "~/server/http";
import { type AuditActor, recordAudit } from "~/features/audit/audit.server";
import { loadOrderRow, orderItemRows } from "~/features/orders/order-records.server";
import type { StoredOrder } from "~/features/orders/store-order.server";
import { type ClaimForm, removeClaimFiles, storeClaimFiles } from "./claim-files.server";
import { mailClaimOpened } from "./claim-mail.server";
import { claimWindowHours } from "~/features/content/claim-window.server";
import {
  CLAIM_STATUS_TEXT,
  CLAIM_TEXTS,
  type ClaimJson,
  type ClaimWindowJson,
  claimDeadline,
  timeLeftText,
  windowClosedText,
} from "./claims";
import { claimFields } from "./claims.schema";

export type ClaimRow = typeof damageClaims.$inferSelect;
type MediaRow = typeof claimMedia.$inferSelect;

export const newClaimId = (now = Date.now()) =>
  `clm_${now.toString(36)}_${randomBytes(5).toString("hex")}`;

export interface ClaimWindow {
  delivered: boolean;
  deliveredAt: Date | null;
  deadline: Date | null;
  hours: number;
  open: boolean;
}

/** The order's window: open from its delivered moment for the setting's hours. */
export async function claimWindow(
  db: DbOrTx,
  order: Pick<StoredOrder, "status" | "timeline">,
  now = new Date(),
): Promise<ClaimWindow> {
  const hours = await claimWindowHours(db);
  const stamp = order.status === "delivered" ? order.timeline.delivered : undefined;
  const deliveredAt = stamp ? new Date(stamp) : null;
  if (!deliveredAt || Number.isNaN(deliveredAt.getTime()))
    return { delivered: false, deliveredAt: null, deadline: null, hours, open: false };
  const deadline = claimDeadline(deliveredAt, hours);
  return { delivered: true, deliveredAt, deadline, hours, open: now <= deadline };
}

function readFields(form: ClaimForm) {
  let items: unknown;
  try {
    items = JSON.parse(form.fields.items ?? "");
  } catch {
    throw new HttpError(400, CLAIM_TEXTS.lines);
  }
  return parseWith(claimFields, { items, description: form.fields.description ?? "" });
}

export interface OpenClaim {
  orderId: string;
  form: ClaimForm;
  /** The owner's claim for the shopper (after the window too), audited. */
  goodwill?: { actor: AuditActor };
}

/** Opens the order's one claim; 400 (a sentence) or 409 (already reported) writes nothing. */
export async function openClaim(db: Db, request: OpenClaim, now = new Date()): Promise<ClaimRow> {
  const fields = readFields(request.form);
  const order = await loadOrderRow(db, request.orderId);
  if (!order) throw new HttpError(404, "Order not found");
  const window = await claimWindow(db, order, now);
  if (!window.deliveredAt || !window.deadline) throw new HttpError(400, CLAIM_TEXTS.notDelivered);
  if (!window.open && !request.goodwill)
    throw new HttpError(400, windowClosedText(window.deadline, window.hours));
  const sold = new Map((await orderItemRows(db, order.id)).map((line) => [line.id, line]));
  const lines = new Map<string, number>();
  for (const item of fields.items)
    lines.set(item.itemId, (lines.get(item.itemId) ?? 0) + item.quantity);
  for (const [itemId, quantity] of lines)
    if ((sold.get(itemId)?.quantity ?? 0) < quantity)
      throw new HttpError(400, CLAIM_TEXTS.lineUnknown);
  const [existing] = await db
    .select({ id: damageClaims.id })
    .from(damageClaims)
    .where(eq(damageClaims.orderId, order.id));
  if (existing) throw new HttpError(409, CLAIM_TEXTS.already);

  const id = newClaimId(now.getTime());
  await storeClaimFiles(id, request.form.files);
  try {
    const row = await db.transaction(async (tx) => {
      const [claim] = await tx
        .insert(damageClaims)
        .values({
          id,
          orderId: order.id,
          userId: order.userId,
          lines: [...lines].map(([itemId, quantity]) => ({ itemId, quantity })),
          description: fields.description,
          goodwill: Boolean(request.goodwill),
          deliveredAt: window.deliveredAt!,
          deadline: window.deadline!,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: damageClaims.orderId })
        .returning();
      if (!claim) throw new HttpError(409, CLAIM_TEXTS.already);
      if (request.form.files.length)
        await tx.insert(claimMedia).values(
          request.form.files.map((f) => ({
            id: f.id,
            claimId: id,
            kind: f.kind,
            ext: f.ext,
            contentType: f.contentType,
            sizeBytes: f.data.byteLength,
            createdAt: now,
          })),
        );
      if (request.goodwill)
        await recordAudit(tx, request.goodwill.actor, {
          action: "claim.goodwill",
          entity: "order",
          entityId: order.id,
          after: { claimId: id, lines: claim.lines },
        });
      await mailClaimOpened(tx, order, claim);
      return claim;
    });
    return row;
  } catch (error) {
    await removeClaimFiles(id).catch(() => {});
    throw error;
  }
}

/** A claim as JSON; media hrefs start with `mediaBase` (each viewer reads them through its own route). */
export async function claimJson(
  db: DbOrTx,
  claim: ClaimRow,
  mediaBase: string,
): Promise<ClaimJson> {
  const [order, media, lines] = await Promise.all([
    loadOrderRow(db, claim.orderId),
    db
      .select()
      .from(claimMedia)
      .where(eq(claimMedia.claimId, claim.id))
      .orderBy(asc(claimMedia.kind), asc(claimMedia.id)),
    orderItemRows(db, claim.orderId),
  ]);
  const names = new Map(lines.map((l) => [l.id, l.productName]));
  return {
    id: claim.id,
    orderId: claim.orderId,
    orderNumber: order?.number ?? 0,
    status: claim.status,
    statusText: CLAIM_STATUS_TEXT[claim.status],
    goodwill: claim.goodwill,
    description: claim.description,
    lines: claim.lines.map((l) => ({ ...l, name: names.get(l.itemId) ?? "" })),
    media: media.map((m: MediaRow) => ({
      id: m.id,
      kind: m.kind,
      contentType: m.contentType,
      size: m.sizeBytes,
      href: `${mediaBase}${m.id}`,
    })),
    deliveredAt: claim.deliveredAt.toISOString(),
    deadline: claim.deadline.toISOString(),
    createdAt: claim.createdAt.toISOString(),
    decidedAt: claim.decidedAt?.toISOString() ?? null,
    declineReason: claim.declineReason,
    refundId: claim.refundId,
    refund: claim.refundId ? { amount: claim.refundPaise } : null,
    replacementOrderId: claim.replacementOrderId,
    customerName: order
      ? `${order.shippingName.firstName} ${order.shippingName.lastName}`.trim()
      : "",
    customerEmail: order?.shippingName.email ?? "",
  };
}

export async function claimOfOrder(db: DbOrTx, orderId: string): Promise<ClaimRow | null> {
  const [row] = await db.select().from(damageClaims).where(eq(damageClaims.orderId, orderId));
  return row ?? null;
}

export async function claimById(db: DbOrTx, id: string): Promise<ClaimRow | null> {
  const [row] = await db.select().from(damageClaims).where(eq(damageClaims.id, id));
  return row ?? null;
}

/** What the order page shows: the window and the claim (null for an order that is not found). */
export async function claimWindowJson(
  db: DbOrTx,
  orderId: string,
  mediaBase: string,
  now = new Date(),
): Promise<ClaimWindowJson | null> {
  const order = await loadOrderRow(db, orderId);
  if (!order) return null;
  const window = await claimWindow(db, order, now);
  const claim = await claimOfOrder(db, orderId);
  return {
    delivered: window.delivered,
    open: window.open && !claim,
    deadline: window.deadline?.toISOString() ?? null,
    timeLeft: window.deadline && window.open ? timeLeftText(window.deadline, now) : "",
    hours: window.hours,
    claim: claim ? await claimJson(db, claim, mediaBase) : null,
  };
}

/** A claim's media row of this claim, or null (another claim's id is "absent"). */
export async function claimMediaRow(db: DbOrTx, claimId: string, mediaId: string) {
  const [row] = await db
    .select()
    .from(claimMedia)
    .where(and(eq(claimMedia.claimId, claimId), eq(claimMedia.id, mediaId)));
  return row ?? null;
}

export const CLAIM_FILTERS = ["open", "decided", "all"] as const;
export type ClaimFilter = (typeof CLAIM_FILTERS)[number];

/** The owner's list: open first by age, or decided newest first; a page of `limit`. */
export async function listClaims(db: DbOrTx, filter: ClaimFilter, page: number, limit: number) {
  const where =
    filter === "open"
      ? eq(damageClaims.status, "open")
      : filter === "decided"
        ? inArray(damageClaims.status, ["replaced", "refunded", "declined"])
        : undefined;
  const [total] = await db.select({ n: count() }).from(damageClaims).where(where);
  const rows = await db
    .select()
    .from(damageClaims)
    .where(where)
    .orderBy(filter === "open" ? asc(damageClaims.createdAt) : desc(damageClaims.createdAt))
    .limit(limit)
    .offset((page - 1) * limit);
  return { rows, total: total?.n ?? 0 };
}

/** The badge: claims waiting for a decision. */
export async function openClaimCount(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(damageClaims)
    .where(eq(damageClaims.status, "open"));
  return row?.n ?? 0;
}
