/**
 * Handlers of the portal's discount code calls (docs/product.md "Discount codes"): each starts with
 * requireAdmin. GET /v2/admin/discounts, POST /v2/admin/discounts (201), PUT /v2/admin/discounts/{id}.
 */
import type { APIContext } from "astro";
import { idParam } from "~/lib/fields";
import { requireAdmin } from "~/server/auth/auth.server";
import { getDb } from "~/server/db/client";
import { json, parseWith, readJson } from "~/server/http";
import { auditActor } from "~/features/audit/audit.server";
import { discountCodeBody } from "./discount-form.schema";
import { createCode, listCodes, updateCode } from "./discounts-admin.server";

export async function getDiscountCodes(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  return json(await listCodes(await getDb()));
}

export async function postDiscountCode(context: APIContext): Promise<Response> {
  const user = await requireAdmin(context);
  const body = await readJson(context.request, discountCodeBody, 32 * 1024);
  const saved = await createCode(await getDb(), body, auditActor(context, user));
  return json(saved, { status: 201 });
}

export async function putDiscountCode(context: APIContext): Promise<Response> {
  const user = await requireAdmin(context);
  const id = parseWith(idParam(), context.params.id ?? "");
  const body = await readJson(context.request, discountCodeBody, 32 * 1024);
  return json(await updateCode(await getDb(), id, body, auditActor(context, user)));
}
