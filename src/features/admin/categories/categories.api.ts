/**
 * Handlers of the categories part of the portal API (docs/product.md §7 Admin). Each starts with
 * requireAdmin (401 without a token, 403 for a shopper) before it reads anything else.
 */
import type { APIContext } from "astro";
import { requireAdmin } from "~/server/auth/auth.server";
import { auditActor } from "~/features/audit/audit.server";
import { getDb } from "~/server/db/client";
import { HttpError, json, parseWith, readJson, readQuery } from "~/server/http";
import { idParam } from "~/lib/fields";
import {
  createCategory,
  listAdminCategories,
  setCategoryImage,
  setCategoryShow,
} from "./categories-admin.server";
import { createCategoryBody, imageQuery, showQuery } from "./categories.schema";

/**
 * The {id} of /v2/admin/categories/{id}, as text. The id is the category's name (docs/product.md §3), so it
 * may hold '&', '=', '/', '#', '?' or '%'; the portal sends it through encodeURIComponent. Astro's
 * route parameter is decoded with decodeURI, which leaves %26, %3D, %2F, %23 and %3F encoded, so the
 * id is read from the address's last segment and decoded exactly once here
 * (docs/decisions/0038-admin-categories.md).
 */
function categoryIdOf(context: APIContext): string {
  const segment = context.url.pathname.replace(/\/+$/, "").split("/").at(-1) ?? "";
  let id: string;
  try {
    id = decodeURIComponent(segment);
  } catch {
    throw new HttpError(
      400,
      "id: the address holds a broken %-escape; encode the category's id with encodeURIComponent.",
    );
  }
  return parseWith(idParam(), id);
}

/** GET /v2/admin/categories: every category with show, img and createdAt, newest first. */
export async function getAdminCategories(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  return json(await listAdminCategories(await getDb()));
}

/** POST /v2/admin/categories { name } -> 201 the category (hidden until shown). */
export async function postCategory(context: APIContext): Promise<Response> {
  const actor = auditActor(context, await requireAdmin(context));
  const { name } = await readJson(context.request, createCategoryBody, 4 * 1024);
  return json(await createCategory(await getDb(), actor, name), { status: 201 });
}

/** PATCH /v2/admin/categories/{id}?new_show=0|1 (empty body) -> the category. */
export async function patchCategoryShow(context: APIContext): Promise<Response> {
  const actor = auditActor(context, await requireAdmin(context));
  const id = categoryIdOf(context);
  const { new_show } = readQuery(context.url, showQuery);
  return json(await setCategoryShow(await getDb(), actor, id, new_show === "1" ? 1 : 0));
}

/** POST /v2/admin/categories/{id}?img={url} (empty body) -> the category. */
export async function postCategoryImage(context: APIContext): Promise<Response> {
  const actor = auditActor(context, await requireAdmin(context));
  const id = categoryIdOf(context);
  const { img } = readQuery(context.url, imageQuery);
  return json(await setCategoryImage(await getDb(), actor, id, img));
}
