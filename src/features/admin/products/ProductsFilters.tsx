/**
 * All Products' filters (docs/product.md §2): the name search, the category, the status and the
 * stock (in stock, low, sold out, made to order: docs/decisions/0273-stock-filter-on-products.md).
 * The screen keeps them in the address; a change goes back to the first page.
 */
import type { ProductStatus } from "~/features/catalogue/catalogue";
import { STOCK_FILTER_LABELS, STOCK_FILTERS, type StockFilter } from "~/features/stock/stock";
import type { CategoryOption } from "./product-categories";
import type { ProductsView } from "./products-admin";
import { inputClass } from "./products-ui";

export default function ProductsFilters({
  view,
  typed,
  onType,
  categories,
  go,
}: {
  view: ProductsView;
  /** What the search box shows (the address follows after a pause). */
  typed: string;
  onType: (text: string) => void;
  categories: CategoryOption[];
  go: (next: ProductsView) => void;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" role="search">
      <label className="sr-only" htmlFor="filter-name">
        Search by name
      </label>
      <input
        id="filter-name"
        className={inputClass}
        type="search"
        placeholder="Search by name..."
        value={typed}
        maxLength={100}
        onChange={(e) => onType(e.target.value)}
      />
      <label className="sr-only" htmlFor="filter-category">
        Category
      </label>
      <select
        id="filter-category"
        className={inputClass}
        value={view.category}
        onChange={(e) => go({ ...view, category: e.target.value, page: 0 })}
      >
        <option value="">All Categories</option>
        {categories.map((c) => (
          <option key={c.id} value={c.slug}>
            {c.label}
          </option>
        ))}
      </select>
      <label className="sr-only" htmlFor="filter-status">
        Status
      </label>
      <select
        id="filter-status"
        className={inputClass}
        value={view.status}
        onChange={(e) => go({ ...view, status: e.target.value as ProductStatus | "all", page: 0 })}
      >
        <option value="all">All Statuses</option>
        <option value="active">Active</option>
        <option value="inactive">Inactive</option>
      </select>
      <label className="sr-only" htmlFor="filter-stock">
        Stock
      </label>
      <select
        id="filter-stock"
        className={inputClass}
        value={view.stock}
        onChange={(e) => go({ ...view, stock: e.target.value as StockFilter | "all", page: 0 })}
      >
        <option value="all">All Stock</option>
        {STOCK_FILTERS.map((filter) => (
          <option key={filter} value={filter}>
            {STOCK_FILTER_LABELS[filter]}
          </option>
        ))}
      </select>
    </div>
  );
}
