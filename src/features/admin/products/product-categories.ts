/**
 * The category choices of the product form and the list's filter: every category from the
 * portal's categories client (hidden ones too), labelled by name, else id (docs/product.md §3: the id doubles
 * as the label), sorted by label.
 */
import { categoryLabel } from "~/features/catalogue/catalogue";
import { fetchCategories } from "~/features/admin/categories/categories-client";

export interface CategoryOption {
  id: string;
  slug: string;
  label: string;
}

export async function loadCategoryOptions(signal?: AbortSignal): Promise<CategoryOption[]> {
  const rows = await fetchCategories(signal);
  return rows
    .map((c) => ({ id: c.id, slug: c.slug, label: categoryLabel(c) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
