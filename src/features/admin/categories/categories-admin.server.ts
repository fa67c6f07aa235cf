/**
 * The owner's category writes (docs/product.md §7 Admin: GET /v2/admin/categories, PATCH ...?new_show=,
 * POST ...?img=, and creating one). Every write runs in a transaction that calls
 * `catalogueChanged(tx)`, so the home carousel and the product list's filter chips, which read
 * only shown categories, follow it at once.
 */
import { eq } from "drizzle-orm";
import type { Db, DbOrTx } from "~/server/db/client";
import { categories } from "~/server/db/schema";
import { HttpError } from "~/server/http";
import { catalogueChanged } from "~/features/catalogue/catalogue-version.server";
import { activeProductCounts, listCategories } from "~/features/catalogue/catalogue-lists.server";
import { isUploadedImageUrl } from "~/features/media/uploaded-url.server";
import { newCategoryFields, type Category } from "./categories";
import { changedFields, recordAudit, type AuditActor } from "~/features/audit/audit.server";

export const CATEGORY_NOT_FOUND = "Category not found";
export const IMAGE_REFUSED =
  "img must be an image uploaded to this shop (/media/...) or to its Cloudinary account; other addresses are not accepted.";

function toCategory(row: typeof categories.$inferSelect): Category {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    img: row.img,
    show: row.show === 1 ? 1 : 0,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every category, shown or not, newest first, with how many active products it holds. */
export async function listAdminCategories(db: DbOrTx): Promise<Category[]> {
  const [list, counts] = await Promise.all([
    listCategories(db, { shownOnly: false }),
    activeProductCounts(db),
  ]);
  return list.map((c) => ({ ...c, productCount: counts.get(c.id) ?? 0 }));
}

async function updateCategory(
  db: Db,
  actor: AuditActor,
  id: string,
  values: { show: 0 | 1 } | { img: string },
): Promise<Category> {
  return db.transaction(async (tx) => {
    const [was] = await tx.select().from(categories).where(eq(categories.id, id)).for("update");
    const [row] = await tx.update(categories).set(values).where(eq(categories.id, id)).returning();
    if (!was || !row) throw new HttpError(404, CATEGORY_NOT_FOUND);
    await recordAudit(tx, actor, {
      action: "show" in values ? "category.show" : "category.image",
      entity: "category",
      entityId: id,
      ...changedFields({ show: was.show, img: was.img }, { show: row.show, img: row.img }),
    });
    await catalogueChanged(tx);
    return { ...toCategory(row), productCount: 0 };
  });
}

/** Show on Site: 1 shows the category on the home page and in the filter chips, 0 hides it. */
export function setCategoryShow(
  db: Db,
  actor: AuditActor,
  id: string,
  show: 0 | 1,
): Promise<Category> {
  return updateCategory(db, actor, id, { show });
}

/**
 * The category's new image: only an upload this shop stored (/media/..., its files present) or a
 * delivery URL of its own Cloudinary account (decision 0038).
 */
export async function setCategoryImage(
  db: Db,
  actor: AuditActor,
  id: string,
  img: string,
): Promise<Category> {
  if (!(await isUploadedImageUrl(img))) throw new HttpError(400, IMAGE_REFUSED);
  return updateCategory(db, actor, id, { img });
}

/**
 * A new category, hidden from the site until the owner gives it an image and switches Show on Site
 * on (decision 0038). A slug (or name) already taken is a 400 that names it; the unique indexes
 * decide, so two owners creating the same category at once get one row and one 400.
 */
export async function createCategory(
  db: Db,
  actor: AuditActor,
  typedName: string,
): Promise<Category> {
  const fields = newCategoryFields(typedName);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(categories)
      .values({ ...fields, img: "", show: 0 })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new HttpError(400, `A category with the slug "${fields.slug}" already exists.`);
    await recordAudit(tx, actor, {
      action: "category.create",
      entity: "category",
      entityId: row.id,
      after: { name: row.name, slug: row.slug, show: row.show },
    });
    await catalogueChanged(tx);
    return { ...toCategory(row), productCount: 0 };
  });
}
