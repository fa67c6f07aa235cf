/**
 * The Homepage Categories screen's pure rules (docs/product.md §2 Admin categories, §4 Category show and
 * Category image edit, §5): texts, the summary counts, search, sort, the card date, and the new
 * category's name and slug. No React, no server.
 */
import { slugify, titleCase } from "~/lib/text";
import type { Category as ShopCategory } from "~/features/catalogue/catalogue";

/** A category as the owner's list answers it: with how many active products it holds. */
export type Category = ShopCategory & { productCount?: number };

/** Asked before an empty category goes on the site (docs/decisions/0076-order-pages.md). */
export function emptyCategoryQuestion(slug: string): string {
  return `"${slug}" has no products yet. On the site it would lead shoppers to an empty page. Show it anyway?`;
}

/** "3 products", "1 product", "No products yet". */
export function productCountText(n: number): string {
  if (n === 0) return "No products yet";
  return n === 1 ? "1 product" : `${n} products`;
}

/** docs/product.md §2/§5/§8 texts, verbatim. */
export const CATEGORY_TEXTS = {
  title: "Homepage Categories",
  total: "Total Categories",
  onHome: "Display on Home Page",
  search: "Search by name or slug...",
  showOnSite: "Show on Site",
  editImage: "Edit Image",
  confirmUpload: "Confirm Upload",
  missing: "Please select a file and a category",
} as const;

export const CATEGORY_SORTS = [
  { value: "newest", label: "Newest First" },
  { value: "oldest", label: "Oldest First" },
  { value: "name-asc", label: "Name A-Z" },
  { value: "name-desc", label: "Name Z-A" },
] as const;
export type CategorySort = (typeof CATEGORY_SORTS)[number]["value"];

/** Total Categories, and Display on Home Page (show is 1). */
export function categoryCounts(list: readonly Pick<Category, "show">[]): {
  total: number;
  onHome: number;
} {
  return { total: list.length, onHome: list.filter((c) => c.show === 1).length };
}

/** Slug or name (or the id, which is the label), case-insensitive; a blank search keeps all. */
export function matchesCategory(
  category: Pick<Category, "id" | "slug" | "name">,
  search: string,
): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [category.slug, category.name ?? "", category.id].some((field) =>
    field.toLowerCase().includes(needle),
  );
}

const time = (c: Pick<Category, "createdAt">) => Date.parse(c.createdAt) || 0;

/** Newest First (default), Oldest First, Name A-Z / Z-A (by slug, as docs/product.md §2 says). A new array. */
export function sortCategories<T extends Pick<Category, "slug" | "createdAt">>(
  list: readonly T[],
  sort: CategorySort,
): T[] {
  const copy = [...list];
  switch (sort) {
    case "oldest":
      return copy.sort((a, b) => time(a) - time(b) || a.slug.localeCompare(b.slug));
    case "name-asc":
      return copy.sort((a, b) => a.slug.localeCompare(b.slug, "en"));
    case "name-desc":
      return copy.sort((a, b) => b.slug.localeCompare(a.slug, "en"));
    default:
      return copy.sort((a, b) => time(b) - time(a) || a.slug.localeCompare(b.slug));
  }
}

/** Longest category name accepted. */
export const CATEGORY_NAME_MAX = 60;

/**
 * A new category from a typed name (docs/product.md §5): the name title-cased per word, the slug derived from
 * it (lowercase, non-alphanumerics to hyphens, trimmed). The id is the name, as the seed's are:
 * docs/product.md §3 says the id doubles as the label.
 */
export function newCategoryFields(typed: string): { id: string; name: string; slug: string } {
  const name = titleCase(typed);
  return { id: name, name, slug: slugify(name) };
}
