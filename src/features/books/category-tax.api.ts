/**
 * GET/PUT /v2/admin/category-tax (docs/decisions/0085): every collection's default HSN code and GST
 * rate, and saving one (audited as `category.tax` in its transaction, decision 0081). Its products
 * without their own codes are invoiced with them; the portal suggests no rate.
 */
import type { APIContext } from "astro";
import { requireAdmin } from "~/server/auth/auth.server";
import { getDb } from "~/server/db/client";
import { HttpError, json, readJson } from "~/server/http";
import { auditActor, recordAudit } from "~/features/audit/audit.server";
import { categoryTaxCodes, setCategoryTaxCodes } from "~/features/catalogue/tax-codes.server";
import { categoryTaxBody } from "./category-tax.schema";

export async function getCategoryTax(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  return json({ categories: await categoryTaxCodes(await getDb()) });
}

export async function putCategoryTax(context: APIContext): Promise<Response> {
  const user = await requireAdmin(context);
  const body = await readJson(context.request, categoryTaxBody, 4 * 1024);
  const actor = auditActor(context, user);
  const codes = { hsn: body.hsn || null, gstRate: body.gstRate ?? null };
  const db = await getDb();
  await db.transaction(async (tx) => {
    const before = await setCategoryTaxCodes(tx, body.categoryId, codes);
    if (!before) throw new HttpError(404, "Category not found");
    await recordAudit(tx, actor, {
      action: "category.tax",
      entity: "category",
      entityId: body.categoryId,
      before,
      after: codes,
    });
  });
  return json({ id: body.categoryId, ...codes });
}
