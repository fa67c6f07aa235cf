/**
 * The customer's own materials (docs/decisions/0123-customer-materials.md): an order that expects a
 * parcel (a varmala's flowers) gets a reference at payment; the customer says how they sent it; the
 * owner marks it received with photos and a note, which moves the promise to count from receipt
 * and mails the customer; parcels not received 10 days after payment are listed for the owner.
 */
import { and, eq, isNull, lt } from "drizzle-orm";
import { DAY_MS, indiaDate } from "~/lib/dates";
import type { Db, DbOrTx, Tx } from "~/server/db/client";
import { orderMaterials } from "~/server/db/schema";
import { shopIdentity } from "~/server/shop-identity.server";
import { HttpError } from "~/server/http";
import { headerText, sendMail } from "~/server/mail.server";
import { env } from "~/server/env";
import { enqueueWhatsapp } from "~/features/whatsapp/enqueue.server";
import { type AuditActor, recordAudit } from "~/features/audit/audit.server";
import { anyProductInCategory } from "~/features/catalogue/product-category.server";
import { isShopImageUrl } from "~/features/media/uploaded-url.server";
import {
  loadOrderRow,
  loadOrderRows,
  lockOrderRow,
  setPromisedDispatch,
} from "~/features/orders/order-records.server";
import type { StoredOrder } from "~/features/orders/store-order.server";
import {
  MATERIALS_TEXTS,
  OVERDUE_DAYS,
  type OrderMaterialsJson,
  daysFromReceipt,
  parcelReference,
  promiseFromReceipt,
  sendByDay,
} from "./materials";
import type { MaterialsReceivedInput, MaterialsSentInput } from "./materials.schema";
import { preservationTimeline } from "./preservation";
import { readSection } from "~/features/settings/settings-store.server";
import { studioSection } from "./studio-settings.server";
import { DEFAULT_TRANSIT_DAYS, transit } from "./transit.server";

/** The category whose products are made from the customer's flowers (as the varmala stages, decision 0046). */
const VARMALA_SLUG = "varmala-preservation";

type Row = typeof orderMaterials.$inferSelect;

interface Sending {
  receivingAddress: string;
  sendBy: string | null;
  daysFromReceipt: number;
}

/**
 * Where and by when to send the parcel (decision 0210): the studio's receiving address from
 * Settings, and the last day to send it, counting the days in transit from her address.
 */
async function sendingOf(
  db: DbOrTx,
  row: Row,
  order: Pick<StoredOrder, "promisedDispatchAt" | "dispatchDays" | "shippingAddress">,
): Promise<Sending> {
  const { value: studio } = await readSection(db, studioSection);
  const base = {
    receivingAddress: studio.receivingAddress,
    daysFromReceipt: daysFromReceipt(order.dispatchDays),
  };
  if (row.receivedAt || !order.promisedDispatchAt) return { ...base, sendBy: null };
  let days = DEFAULT_TRANSIT_DAYS;
  try {
    days = await transit().days(order.shippingAddress.zipCode, db);
  } catch (error) {
    console.warn(`[order materials] transit days for ${row.orderId} unknown`, error);
  }
  return { ...base, sendBy: sendByDay(order.promisedDispatchAt, order.dispatchDays, days) };
}

function json(
  row: Row,
  order: Pick<StoredOrder, "promisedDispatchAt">,
  sending: Sending,
): OrderMaterialsJson {
  return {
    ...sending,
    orderId: row.orderId,
    reference: row.reference,
    courier: row.courier,
    tracking: row.tracking,
    sentAt: row.sentAt?.toISOString() ?? null,
    receivedAt: row.receivedAt?.toISOString() ?? null,
    receivedNote: row.receivedNote,
    receivedPhotos: row.receivedPhotos,
    promisedDispatchAt: order.promisedDispatchAt?.toISOString() ?? null,
    timeline: row.receivedAt ? preservationTimeline(row.receivedAt) : [],
  };
}

/** At payment: the order expects the customer's parcel (its reference is made now). */
export async function expectMaterials(tx: DbOrTx, orderId: string, paidAt: Date): Promise<void> {
  await tx
    .insert(orderMaterials)
    .values({ orderId, reference: parcelReference(orderId), expectedSince: paidAt })
    .onConflictDoNothing();
}

/** At payment of a catalogue order (its products given): a varmala product means the customer's flowers come in. */
export async function expectMaterialsOfProducts(
  tx: DbOrTx,
  orderId: string,
  productIds: readonly string[],
  paidAt: Date,
): Promise<void> {
  if (await anyProductInCategory(tx, [...new Set(productIds)], VARMALA_SLUG))
    await expectMaterials(tx, orderId, paidAt);
}

async function rowOf(db: DbOrTx, orderId: string): Promise<Row | null> {
  const [row] = await db.select().from(orderMaterials).where(eq(orderMaterials.orderId, orderId));
  return row ?? null;
}

/** The order's materials, or null when it expects none (or there is no such order). */
export async function loadOrderMaterials(
  db: DbOrTx,
  orderId: string,
): Promise<OrderMaterialsJson | null> {
  const row = await rowOf(db, orderId);
  if (!row) return null;
  const order = await loadOrderRow(db, orderId);
  return order ? json(row, order, await sendingOf(db, row, order)) : null;
}

/** The customer's courier and tracking number (the caller checked the order is theirs). */
export async function recordMaterialsSent(
  db: Db,
  orderId: string,
  input: MaterialsSentInput,
  now = new Date(),
): Promise<OrderMaterialsJson> {
  return db.transaction(async (tx) => {
    const order = await lockOrderRow(tx, orderId);
    const row = order ? await rowOf(tx, orderId) : null;
    if (!order || !row) throw new HttpError(404, MATERIALS_TEXTS.notExpected);
    if (row.receivedAt) throw new HttpError(409, MATERIALS_TEXTS.alreadyReceived);
    const [saved] = await tx
      .update(orderMaterials)
      .set({ courier: input.courier, tracking: input.tracking, sentAt: now })
      .where(eq(orderMaterials.orderId, orderId))
      .returning();
    return json(saved!, order, await sendingOf(tx, saved!, order));
  });
}

/** POST /v2/admin/order/{id}/materials: the parcel received; the promise counts from now. */
export async function markMaterialsReceived(
  db: Db,
  actor: AuditActor,
  orderId: string,
  input: MaterialsReceivedInput,
  now = new Date(),
): Promise<OrderMaterialsJson & { promiseMoved: boolean }> {
  return db.transaction(async (tx: Tx) => {
    const order = await lockOrderRow(tx, orderId);
    if (!order) throw new HttpError(404, "Order not found");
    const foreign = input.photos?.find((url) => !isShopImageUrl(url));
    if (foreign)
      throw new HttpError(400, `photos: ${foreign} is not an image uploaded to this shop`);
    const row = await rowOf(tx, orderId);
    if (!row) throw new HttpError(400, MATERIALS_TEXTS.notExpected);
    if (!order.paidAt || order.status !== "processing")
      throw new HttpError(400, MATERIALS_TEXTS.notPaid);
    if (row.receivedAt) throw new HttpError(409, MATERIALS_TEXTS.alreadyReceived);
    const [saved] = await tx
      .update(orderMaterials)
      .set({ receivedAt: now, receivedNote: input.note ?? "", receivedPhotos: input.photos ?? [] })
      .where(eq(orderMaterials.orderId, orderId))
      .returning();
    const moved = promiseFromReceipt(now, order.dispatchDays, order.promisedDispatchAt);
    const promise = moved ?? order.promisedDispatchAt;
    if (moved) await setPromisedDispatch(tx, orderId, moved, now);
    await recordAudit(
      tx,
      actor,
      {
        action: "materials.received",
        entity: "order",
        entityId: orderId,
        after: {
          photos: input.photos?.length ?? 0,
          promisedDispatchAt: promise?.toISOString() ?? null,
        },
      },
      now,
    );
    const to = order.shippingName.email;
    if (to) {
      const shop = (await shopIdentity(tx)).name;
      await sendMail(tx, {
        to,
        subject: headerText(`${shop}: your flowers arrived (order ${orderId})`),
        text: `Hello ${order.shippingName.firstName || "there"},\n\n${MATERIALS_TEXTS.received(indiaDate(now))}${input.note ? `\n\n${input.note}` : ""}${input.photos?.length ? `\n\n${input.photos.length} photo(s) of their condition on your order page.` : ""}${promise ? `\n\n${MATERIALS_TEXTS.promise(indiaDate(promise))}` : ""}\n\n${shop}\n`,
      });
      await enqueueWhatsapp(tx, {
        event: "parcel-received",
        email: to,
        params: [
          order.shippingName.firstName || "there",
          orderId,
          new URL(`/my-orders/${encodeURIComponent(orderId)}`, env().PUBLIC_SITE_URL).toString(),
        ],
      });
    }
    const sending = await sendingOf(tx, saved!, order);
    return {
      ...json(saved!, { promisedDispatchAt: promise }, sending),
      promiseMoved: Boolean(moved),
    };
  });
}

export interface OverdueParcel {
  orderId: string;
  reference: string;
  expectedSince: string;
  courier: string;
  tracking: string;
}

/** GET /v2/admin/materials/overdue: paid orders still waiting for their parcel after 10 days. */
export async function loadOverdueParcels(db: DbOrTx, now = new Date()): Promise<OverdueParcel[]> {
  const rows = await db
    .select()
    .from(orderMaterials)
    .where(
      and(
        isNull(orderMaterials.receivedAt),
        lt(orderMaterials.expectedSince, new Date(now.getTime() - OVERDUE_DAYS * DAY_MS)),
      ),
    )
    .orderBy(orderMaterials.expectedSince);
  const open = new Set(
    (
      await loadOrderRows(
        db,
        rows.map((r) => r.orderId),
      )
    )
      .filter((o) => o.status === "processing")
      .map((o) => o.id),
  );
  return rows
    .filter((r) => open.has(r.orderId))
    .map((r) => ({
      orderId: r.orderId,
      reference: r.reference,
      expectedSince: r.expectedSince.toISOString(),
      courier: r.courier,
      tracking: r.tracking,
    }));
}
