/**
 * The portal's product list, pure (browser and server): the admin product shape, the counts of
 * SPEC §2 (out of stock = not active, SPEC §9) and the list filters (name, category, status).
 */
import type { Product, ProductStatus } from "../../catalogue/catalogue";

/** The public product plus what only the owner sees. Amounts in paise. */
export type AdminProduct = Product & { costPrice: number; onHome: boolean };

export interface ProductCounts {
  count: number;
  active: number;
  outOfStock: number;
}

export function productCounts(list: readonly Pick<Product, "status">[]): ProductCounts {
  const active = list.filter((p) => p.status === "active").length;
  return { count: list.length, active, outOfStock: list.length - active };
}

export interface ProductFilters {
  /** Substring of the name, case-insensitive; blank = any. */
  name: string;
  /** Category id; "" = any. */
  category: string;
  status: ProductStatus | "all";
}

export const NO_FILTERS: ProductFilters = { name: "", category: "", status: "all" };

export function filterProducts<P extends Pick<Product, "name" | "status" | "category">>(
  list: readonly P[],
  filters: ProductFilters,
): P[] {
  const needle = filters.name.trim().toLowerCase();
  return list.filter(
    (p) =>
      (!needle || p.name.toLowerCase().includes(needle)) &&
      (!filters.category || p.category?.id === filters.category) &&
      (filters.status === "all" || p.status === filters.status),
  );
}

/** The categories present in a list, for the filter's options (id, label), sorted by label. */
export function categoriesOf(
  list: readonly Pick<Product, "category">[],
): { id: string; label: string }[] {
  const seen = new Map<string, string>();
  for (const p of list)
    if (p.category && !seen.has(p.category.id))
      seen.set(p.category.id, p.category.name?.trim() || p.category.id);
  return [...seen]
    .map(([id, label]) => ({ id, label }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
