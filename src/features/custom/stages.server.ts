/**
 * Studio stages of an order (decision 0046): which list an order follows, the owner marking a stage
 * done (in order, with a note and photo URLs, a mail to the customer in the same transaction), and
 * the timeline both see. docs/decisions/0046-dispatch-promise-and-stages.md.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db, DbOrTx } from "~/server/db/client";
import { orderStages, quotes } from "~/server/db/schema";
import { HttpError } from "~/server/http";
import { anyProductInCategory } from "~/features/catalogue/product-category.server";
import { loadOrderMaterials } from "~/features/made-to-order/materials.server";
import { refuseStageBeforeApproval } from "~/features/made-to-order/proofs.server";
import { isShopImageUrl } from "~/features/media/uploaded-url.server";
import {
  loadOrderRow,
  lockOrderRow,
  orderProductIds,
} from "~/features/orders/order-records.server";
import type { StoredOrder } from "~/features/orders/store-order.server";
import { mailShippingCharge, mailStage, siteLink } from "./quote-mail.server";
import { newQuoteToken, tokenHash } from "./quote-token.server";
import { logQuoteEvent, quoteJson } from "./quote-records.server";
import type { QuoteJson } from "./quotes";
import {
  stageLabel,
  stageMarkError,
  stageTimeline,
  type DoneStage,
  type OrderStagesJson,
  type StageSet,
} from "./stages";
import type { StageInput } from "./quotes.schema";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import { DAY_MS } from "~/lib/dates";

type OrderRow = StoredOrder;

/** The category whose products follow the varmala stages (the seeded "Varmala Preservation"). */
const VARMALA_SLUG = "varmala-preservation";
/** The varmala list's first stage, done when the customer's parcel is marked received. */
const GARLAND_RECEIVED = "garland-received";

/**
 * Custom orders follow their quote's list; catalogue orders with a varmala product the varmala
 * list; other orders have no studio stages (null). The order's products come from the orders
 * feature, their category from the catalogue's (decision 0062).
 */
export async function stageSetOf(
  db: DbOrTx,
  order: Pick<OrderRow, "id" | "kind" | "quoteId">,
): Promise<StageSet | null> {
  if (order.kind === "shipping") return null;
  if (order.kind === "custom" && order.quoteId) {
    const [q] = await db
      .select({ stageSet: quotes.stageSet })
      .from(quotes)
      .where(eq(quotes.id, order.quoteId));
    return q?.stageSet ?? "custom";
  }
  const products = await orderProductIds(db, order.id);
  return (await anyProductInCategory(db, products, VARMALA_SLUG)) ? "varmala" : null;
}

export type { OrderStagesJson };

/**
 * The stages done: the rows the owner marked, and for a varmala order the customer's parcel once
 * received (docs/decisions/0123-customer-materials.md): "Mark parcel received" is the first stage,
 * "Garland received", with its note and photos, unless that stage was marked by hand before.
 */
async function doneStages(db: DbOrTx, orderId: string, set: StageSet): Promise<DoneStage[]> {
  const rows = await db
    .select()
    .from(orderStages)
    .where(eq(orderStages.orderId, orderId))
    .orderBy(asc(orderStages.doneAt));
  if (set !== "varmala" || rows.some((r) => r.stage === GARLAND_RECEIVED)) return rows;
  const parcel = await loadOrderMaterials(db, orderId);
  if (!parcel?.receivedAt) return rows;
  const received: DoneStage = {
    stage: GARLAND_RECEIVED,
    note: parcel.receivedNote,
    photos: parcel.receivedPhotos,
    doneAt: new Date(parcel.receivedAt),
  };
  return [received, ...rows];
}

async function stagesOfRow(db: DbOrTx, order: OrderRow): Promise<OrderStagesJson> {
  const set = await stageSetOf(db, order);
  const done = set ? await doneStages(db, order.id, set) : [];
  return {
    orderId: order.id,
    stageSet: set,
    promisedDispatchAt: order.promisedDispatchAt?.toISOString() ?? null,
    stages: set ? stageTimeline(set, done, order.paidAt) : [],
  };
}

/** The stages of an order (null when there is no such order). */
export async function loadOrderStages(
  db: DbOrTx,
  orderId: string,
): Promise<OrderStagesJson | null> {
  const order = await loadOrderRow(db, orderId);
  return order ? stagesOfRow(db, order) : null;
}

/** POST /v2/admin/order/{id}/stages: marks the next stage done; 400 when out of order or not paid. */
export async function markStage(
  db: Db,
  actor: AuditActor,
  orderId: string,
  input: StageInput,
  now = new Date(),
): Promise<OrderStagesJson> {
  return db.transaction(async (tx) => {
    const order = await lockOrderRow(tx, orderId);
    if (!order) throw new HttpError(404, "Order not found");
    const foreign = input.photos?.find((url) => !isShopImageUrl(url));
    if (foreign)
      throw new HttpError(400, `photos: ${foreign} is not an image uploaded to this shop`);
    if (!order.paidAt || (order.status !== "processing" && order.status !== "shipped"))
      throw new HttpError(
        400,
        "Stages are marked on paid orders that are not yet delivered or cancelled.",
      );
    const set = await stageSetOf(tx, order);
    if (!set)
      throw new HttpError(
        400,
        "This order has no studio stages (only custom and varmala orders do).",
      );
    const done = await doneStages(tx, orderId, set);
    const refused = stageMarkError(set, done, input.stage);
    if (refused) throw new HttpError(400, refused);
    await refuseStageBeforeApproval(tx, order, input.stage);
    await tx.insert(orderStages).values({
      orderId,
      stage: input.stage,
      note: input.note ?? "",
      photos: input.photos ?? [],
      doneAt: now,
      createdAt: now,
    });
    await recordAudit(tx, actor, {
      action: "order.stage",
      entity: "order",
      entityId: orderId,
      after: { stage: input.stage, note: input.note ?? "", photos: input.photos?.length ?? 0 },
    });
    const view = await stagesOfRow(tx, order);
    const next = view.stages.find((s) => !s.done) ?? null;
    const to = order.shippingName.email;
    if (to)
      await mailStage(
        tx,
        to,
        order.shippingName.firstName,
        orderId,
        stageLabel(set, input.stage),
        input.note ?? "",
        input.photos?.length ?? 0,
        next?.label ?? null,
        next?.expectedAt ?? null,
      );
    return view;
  });
}

/**
 * POST /v2/admin/order/{id}/shipping-charge: the charge at dispatch (docs/product.md §9) as a payment link
 * like a quote's; paying it sets the order's shipping cost (quote-payment.server.ts markQuotePaid).
 */
export async function requestShippingCharge(
  db: Db,
  actor: AuditActor,
  orderId: string,
  amountPaise: number,
  expiresAt: Date | null,
  now = new Date(),
): Promise<{ quote: QuoteJson; link: string }> {
  return db.transaction(async (tx) => {
    const order = await lockOrderRow(tx, orderId);
    if (!order) throw new HttpError(404, "Order not found");
    if (!order.paidAt || order.status !== "processing" || order.kind === "shipping")
      throw new HttpError(
        400,
        "A shipping charge is asked for a paid order that is not yet shipped.",
      );
    const open = await tx
      .select()
      .from(quotes)
      .where(and(eq(quotes.forOrderId, orderId), inArray(quotes.status, ["sent", "paid"])));
    if (open.some((q) => q.status === "paid"))
      throw new HttpError(409, "This order's shipping charge is already paid.");
    if (open.some((q) => q.expiresAt.getTime() > now.getTime()))
      throw new HttpError(409, "A shipping charge link for this order is still open.");
    const until = expiresAt ?? new Date(now.getTime() + 14 * DAY_MS);
    if (until.getTime() <= now.getTime())
      throw new HttpError(400, "expiresAt must be in the future");
    const token = newQuoteToken();
    const email = order.shippingName.email;
    const [row] = await tx
      .insert(quotes)
      .values({
        id: `q_${randomUUID()}`,
        kind: "shipping",
        forOrderId: orderId,
        title: `Shipping for order ${orderId}`,
        description: "The shipping charge, paid at dispatch.",
        pricePaise: amountPaise,
        dispatchMinDays: 1,
        dispatchMaxDays: 1,
        customerName: order.shippingName.firstName,
        customerEmail: email,
        expiresAt: until,
        status: "sent",
        tokenHash: tokenHash(token),
        sentAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: "order.shipping-charge",
      entity: "order",
      entityId: orderId,
      after: { quoteId: row!.id, amountPaise, expiresAt: until.toISOString() },
    });
    const link = siteLink(`/quote/${token}`);
    if (email) await mailShippingCharge(tx, email, orderId, amountPaise, link);
    await logQuoteEvent(tx, row!.id, "sent", `shipping charge mailed to ${email}`);
    return { quote: quoteJson(row!, now), link };
  });
}
