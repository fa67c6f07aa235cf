/**
 * The owner's discount codes (docs/decisions/0095-discount-codes.md): the list with each code's
 * uses, orders and revenue, and create / edit, each audited in its own transaction (decision
 * 0081). A code's text never changes once made (orders carry it); everything else may.
 */
import { randomUUID } from "node:crypto";
import { desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "~/server/db/client";
import { discountCodes, discountUses } from "~/server/db/schema";
import { HttpError } from "~/server/http";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import type { DiscountCodeBody } from "./discount-form.schema";
import type { AdminDiscountCode } from "./discounts-admin";
import { liveHold } from "~/features/discounts/code-uses.server";

type CodeRow = typeof discountCodes.$inferSelect;

const rowValues = (body: DiscountCodeBody) => ({
  kind: body.kind,
  percentBasisPoints: body.kind === "percent" ? Math.round(body.percent * 100) : 0,
  amountPaise: body.kind === "fixed" ? body.amount : 0,
  minOrderPaise: body.minimumOrder,
  capPaise: body.kind === "percent" ? body.maximumDiscount : null,
  startsAt: body.startsAt ? new Date(body.startsAt) : null,
  endsAt: body.endsAt ? new Date(body.endsAt) : null,
  totalUses: body.totalUses,
  usesPerShopper: body.usesPerShopper,
  productIds: [...new Set(body.productIds)],
  categoryIds: [...new Set(body.categoryIds)],
  active: body.active,
  forQuotes: body.forQuotes,
});

const stats = { uses: 0, orders: 0, revenue: 0 };

function toAdmin(row: CodeRow, s: typeof stats = stats): AdminDiscountCode {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    percent: row.percentBasisPoints / 100,
    amount: row.amountPaise,
    minimumOrder: row.minOrderPaise,
    maximumDiscount: row.capPaise,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    totalUses: row.totalUses,
    usesPerShopper: row.usesPerShopper,
    productIds: row.productIds,
    categoryIds: row.categoryIds,
    active: row.active,
    forQuotes: row.forQuotes,
    createdAt: row.createdAt.toISOString(),
    ...s,
  };
}

/** Every code, newest first, with its figures (one grouped read of the uses). */
export async function listCodes(db: Db, now = new Date()): Promise<AdminDiscountCode[]> {
  const rows = await db.select().from(discountCodes).orderBy(desc(discountCodes.createdAt));
  const figures = await db
    .select({
      codeId: discountUses.codeId,
      uses: sql<number>`count(*) filter (where ${discountUses.usedAt} is not null)::int`,
      orders: sql<number>`count(*) filter (where ${discountUses.usedAt} is not null or ${liveHold(now)})::int`,
      revenue: sql<number>`coalesce(sum(${discountUses.orderTotalPaise}) filter (where ${discountUses.usedAt} is not null), 0)::int`,
    })
    .from(discountUses)
    .groupBy(discountUses.codeId);
  const byCode = new Map(figures.map((f) => [f.codeId, f]));
  return rows.map((row) => {
    const f = byCode.get(row.id);
    return toAdmin(row, f ? { uses: f.uses, orders: f.orders, revenue: f.revenue } : stats);
  });
}

const audited = (row: CodeRow) => {
  const { createdAt: _c, updatedAt: _u, ...rest } = row;
  return rest;
};

export async function createCode(
  db: Db,
  body: DiscountCodeBody,
  actor: AuditActor,
): Promise<AdminDiscountCode> {
  return db.transaction(async (tx: Tx) => {
    const [taken] = await tx
      .select({ id: discountCodes.id })
      .from(discountCodes)
      .where(eq(discountCodes.code, body.code));
    if (taken) throw new HttpError(400, `A code ${body.code} already exists; choose another.`);
    const [row] = await tx
      .insert(discountCodes)
      .values({ id: randomUUID(), code: body.code, ...rowValues(body) })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new HttpError(400, `A code ${body.code} already exists; choose another.`);
    await recordAudit(tx, actor, {
      action: "discount.create",
      entity: "discount",
      entityId: row.id,
      after: audited(row),
    });
    return toAdmin(row);
  });
}

export async function updateCode(
  db: Db,
  id: string,
  body: DiscountCodeBody,
  actor: AuditActor,
): Promise<AdminDiscountCode> {
  return db.transaction(async (tx: Tx) => {
    const [before] = await tx
      .select()
      .from(discountCodes)
      .where(eq(discountCodes.id, id))
      .for("update");
    if (!before) throw new HttpError(404, "There is no discount code with this id.");
    if (body.code !== before.code)
      throw new HttpError(
        400,
        `A code's text cannot change (orders carry it); make a new code instead of ${before.code}.`,
      );
    const [row] = await tx
      .update(discountCodes)
      .set({ ...rowValues(body), updatedAt: new Date() })
      .where(eq(discountCodes.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: "discount.update",
      entity: "discount",
      entityId: id,
      before: audited(before),
      after: audited(row!),
    });
    return toAdmin(row!);
  });
}
