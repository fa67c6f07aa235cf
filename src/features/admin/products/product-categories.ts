/**
 * The category choices of the product form: every category from the portal's list
 * (GET /v2/admin/categories, hidden ones too), or the storefront's shown ones while that is
 * unavailable. Labelled by name, else id (SPEC §3: the id doubles as the label).
 */
import { api } from "../../../lib/api-client";
import { categoryLabel } from "../../catalogue/catalogue";
import { adminGet } from "../shell/admin-api";

export interface CategoryOption {
  id: string;
  label: string;
}

type CategoryRow = { id: string; name?: string | null };

export async function loadCategoryOptions(): Promise<CategoryOption[]> {
  const rows = await adminGet<CategoryRow[]>("/v2/admin/categories").catch(() =>
    api.get<CategoryRow[]>("/v2/categories"),
  );
  return rows
    .map((c) => ({ id: c.id, label: categoryLabel(c) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
