/**
 * The owner's catalogue writes: the active switch, the homepage listing (at most 8, serialised by a
 * transaction-scoped advisory lock so two owners racing at 7 cannot make 9) and the admin list
 * (public product shape plus costPrice and onHome).
 */
import { count, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/server/db/client";
import { homeProducts, products } from "~/server/db/schema";
import { HttpError } from "~/server/http";
import type { Product } from "~/features/catalogue/catalogue";
import type { AdminProduct, ProductCounts } from "./products-admin";
import {
  countProducts,
  getProduct,
  listProducts,
  type StatusFilter,
} from "~/features/catalogue/catalogue.server";
import { catalogueChanged } from "~/features/catalogue/catalogue-version.server";
import { HOME_LIMIT_CODE, HOME_PRODUCTS_MAX } from "~/features/catalogue/catalogue";
import { PRODUCT_TEXTS } from "./product-form";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import { availabilities } from "~/features/stock/stock.server";
import { soldOutCount } from "~/features/stock/stock-report.server";
import { stockLabel, type StockFilter } from "~/features/stock/stock";

/** Arbitrary constant naming the homepage-listing lock. */
const HOME_LOCK = 0x5e5a_0008;

export async function listAdminProducts(
  db: Db,
  options: {
    limit: number;
    offset: number;
    status: StatusFilter;
    category?: string | undefined;
    q?: string | undefined;
    /** The stock filter (docs/decisions/0273-stock-filter-on-products.md); absent = any. */
    stock?: StockFilter | undefined;
  },
): Promise<AdminProduct[]> {
  const list = await listProducts(db, { ...options, includeCost: true });
  const ids = list.map((p) => p.id);
  const listed = ids.length
    ? new Set(
        (
          await db
            .select({ id: homeProducts.productId })
            .from(homeProducts)
            .where(inArray(homeProducts.productId, ids))
        ).map((r) => r.id),
      )
    : new Set<string>();
  const stock = await availabilities(db, ids);
  return list.map((p) => ({
    ...p,
    costPrice: p.costPrice ?? 0,
    onHome: listed.has(p.id),
    stock: stockLabel(stock.get(p.id)!),
  }));
}

/** The list's counts under a filter (docs/product.md §9: out of stock = not active). */
export async function adminProductCounts(
  db: Db,
  filter: {
    category?: string | undefined;
    q?: string | undefined;
    stock?: StockFilter | undefined;
  },
): Promise<ProductCounts> {
  const [all, active, soldOut] = await Promise.all([
    countProducts(db, { ...filter, status: "all" }),
    countProducts(db, { ...filter, status: "active" }),
    soldOutCount(db),
  ]);
  return {
    count: Number(all),
    active: Number(active),
    outOfStock: Number(all) - Number(active),
    soldOut,
  };
}

/** One product as the portal sees it (inactive too, with costPrice and onHome), or null. */
export async function loadAdminProduct(db: Db, id: string): Promise<AdminProduct | null> {
  const product = await getProduct(db, id, { includeInactive: true, includeCost: true });
  if (!product) return null;
  const listed = await db
    .select({ id: homeProducts.productId })
    .from(homeProducts)
    .where(eq(homeProducts.productId, id));
  return { ...product, costPrice: product.costPrice ?? 0, onHome: listed.length > 0 };
}

export async function setProductStatus(
  db: Db,
  actor: AuditActor,
  id: string,
  status: "active" | "inactive",
): Promise<Product> {
  return db.transaction(async (tx) => {
    const [was] = await tx
      .select({ status: products.status })
      .from(products)
      .where(eq(products.id, id))
      .for("update");
    const updated = await tx
      .update(products)
      .set({ status, updatedAt: new Date() })
      .where(eq(products.id, id))
      .returning({ id: products.id });
    if (updated.length === 0) throw new HttpError(404, "Product not found");
    await recordAudit(tx, actor, {
      action: "product.status",
      entity: "product",
      entityId: id,
      before: { status: was?.status ?? null },
      after: { status },
    });
    await catalogueChanged(tx);
    return (await getProduct(tx, id, { includeInactive: true, includeCost: true }))!;
  });
}

/** Adds the product to the homepage listing, or removes it when listed. */
export async function toggleHomeProduct(
  db: Db,
  actor: AuditActor,
  id: string,
): Promise<"added" | "removed"> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${HOME_LOCK})`);
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, id));
    if (!product) throw new HttpError(404, "Product not found");
    const removed = await tx.delete(homeProducts).where(eq(homeProducts.productId, id)).returning();
    if (removed.length > 0) {
      await recordAudit(tx, actor, {
        action: "home.remove",
        entity: "product",
        entityId: id,
        before: { onHome: true },
        after: { onHome: false },
      });
      await catalogueChanged(tx);
      return "removed";
    }
    const [{ n }] = (await tx.select({ n: count() }).from(homeProducts)) as [{ n: number }];
    if (Number(n) >= HOME_PRODUCTS_MAX)
      throw new HttpError(400, PRODUCT_TEXTS.homeLimit.message, {}, HOME_LIMIT_CODE);
    const [{ next }] = (await tx
      .select({ next: sql<number>`coalesce(max(${homeProducts.position}), -1) + 1` })
      .from(homeProducts)) as [{ next: number }];
    await tx.insert(homeProducts).values({ productId: id, position: Number(next) });
    await recordAudit(tx, actor, {
      action: "home.add",
      entity: "product",
      entityId: id,
      before: { onHome: false },
      after: { onHome: true, position: Number(next) },
    });
    await catalogueChanged(tx);
    return "added";
  });
}
