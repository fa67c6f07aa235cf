/**
 * The remainder of an erasure (docs/decisions/0170-verified-email-and-held-erasure.md): the orders
 * a deletion left with their details because they were still being made or on their way. Run by the
 * background jobs: once every held order of a request is delivered and the claim window has passed
 * (the owner's setting, read on each pass: decision 0269) (or it was cancelled), its name, phone, address, notes and payer details go, with the proofs,
 * parcels, mail and audit rows about it, as erase.server.ts does at once for the other orders, and
 * the deletion request is marked done. One transaction per request, its row locked (SKIP LOCKED),
 * so several app servers never finish the same one twice.
 */
import {
  eraseOrderPhotos,
  removeErasedPhotoFiles,
} from "~/features/personalisation/photo-erase.server";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "~/server/db/client";
import { dataRequests, orders } from "~/server/db/schema";
import { claimWindowHours } from "~/features/content/claim-window.server";
import { maskOrders, releaseAt } from "./erase-orders.server";
import {
  type ErasedPerson,
  eraseAudit,
  eraseMadeToOrder,
  eraseMail,
  eraseParcels,
  eraseClaims,
  removeErasedClaimFiles,
} from "./erase-records.server";

const tenDigits = (phone: string) => phone.replace(/\D/g, "").slice(-10);
const unique = (values: string[]) => [...new Set(values.map((v) => v.trim()).filter(Boolean))];

/** Who the held orders name: the emails, phones, names and places to mask in mail and audit rows. */
function personOf(rows: { name: Name; billing: Name; to: Place }[]): ErasedPerson {
  const names = rows.flatMap((o) => [o.name, o.billing]);
  return {
    emails: unique(names.map((n) => n.email.toLowerCase())),
    phones: unique(names.map((n) => tenDigits(n.phone))).filter((p) => p.length === 10),
    fullNames: unique(
      names.map((n) => (n.firstName && n.lastName ? `${n.firstName} ${n.lastName}` : "")),
    ),
    firstName: names[0]?.firstName ?? "",
    lastName: names[0]?.lastName ?? "",
    places: unique(rows.flatMap((o) => [o.to.address1, o.to.address2 ?? "", o.to.zipCode])).filter(
      (p) => p.length >= 4,
    ),
  };
}
type Name = { firstName: string; lastName: string; phone: string; email: string };
type Place = { address1: string; address2?: string | null; zipCode: string };

/** Finishes every deletion whose held orders are all past their claim window; answers how many. */
export async function finishHeldErasures(db: Db, now = new Date()): Promise<number> {
  const open = await db
    .select({ id: dataRequests.id })
    .from(dataRequests)
    .where(
      and(
        eq(dataRequests.kind, "deletion"),
        isNull(dataRequests.completedAt),
        sql`jsonb_array_length(${dataRequests.heldOrderIds}) > 0`,
      ),
    );
  let finished = 0;
  for (const { id } of open) if (await finishOne(db, id, now)) finished++;
  return finished;
}

async function finishOne(db: Db, requestId: string, now: Date): Promise<boolean> {
  let claimIds: string[] = [];
  let photoIds: string[] = [];
  const done = await db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(dataRequests)
      .where(and(eq(dataRequests.id, requestId), isNull(dataRequests.completedAt)))
      .for("update", { skipLocked: true });
    if (!request || request.heldOrderIds.length === 0) return false;
    const windowHours = await claimWindowHours(tx);
    const ids = request.heldOrderIds;
    const held = await tx
      .select({
        id: orders.id,
        status: orders.status,
        timeline: orders.timeline,
        updatedAt: orders.updatedAt,
        name: orders.shippingName,
        billing: orders.billingName,
        to: orders.shippingAddress,
      })
      .from(orders)
      .where(inArray(orders.id, ids));
    const stillHeld = (o: (typeof held)[number]) => {
      const at = releaseAt(o, windowHours);
      return at === null || at > now;
    };
    if (held.some(stillHeld)) return false;
    const person = personOf(held);
    photoIds = await eraseOrderPhotos(tx, ids);
    await maskOrders(tx, ids, now);
    await eraseMadeToOrder(tx, ids, person.firstName);
    await eraseParcels(tx, ids);
    claimIds = await eraseClaims(tx, ids);
    const mails = await eraseMail(tx, person);
    await eraseAudit(tx, person, { order: ids, review: [], quote: [], inquiry: [], outbox: mails });
    await tx
      .update(dataRequests)
      .set({ completedAt: now, heldOrderIds: [] })
      .where(eq(dataRequests.id, requestId));
    return true;
  });
  if (done) await removeErasedClaimFiles(claimIds);
  if (done) await removeErasedPhotoFiles(photoIds);
  return done;
}
