/** The Homepage Categories area's calls (docs/product.md §7 Admin), on the portal's one API client. */
import { adminGet, adminPatch, adminPost } from "~/features/admin/shell/admin-api";
import type { Category } from "./categories";

const path = (id: string) => `/v2/admin/categories/${encodeURIComponent(id)}`;

export function fetchCategories(signal?: AbortSignal): Promise<Category[]> {
  return adminGet<Category[]>("/v2/admin/categories", { signal });
}

/** PATCH ...?new_show=0|1 with an empty body; answers the category as saved. */
export function saveCategoryShow(id: string, show: 0 | 1): Promise<Category> {
  return adminPatch<Category>(`${path(id)}?new_show=${show}`);
}

/** POST ...?img={encoded url} with an empty body; answers the category as saved. */
export function saveCategoryImage(id: string, img: string): Promise<Category> {
  return adminPost<Category>(`${path(id)}?img=${encodeURIComponent(img)}`);
}

export function createCategory(name: string): Promise<Category> {
  return adminPost<Category>("/v2/admin/categories", { name });
}
