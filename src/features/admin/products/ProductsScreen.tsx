/**
 * All Products (/admin/my-products, SPEC §2): counts (total, active, out of stock = not active),
 * filters (name, category, status), and per product the active switch, the homepage toggle and
 * 'View and Edit', which opens /admin/product/{id} handing the product over.
 */
import { useEffect, useMemo, useState } from "react";
import Spinner from "../../../components/ui/Spinner";
import { formatInr } from "../../../lib/money";
import { categoryLabel, firstImage, type ProductStatus } from "../../catalogue/catalogue";
import { adminGet } from "../shell/admin-api";
import type { ScreenProps } from "../shell/AdminApp";
import { navigate } from "../shell/admin-router";
import { switchStatus, toggleHome } from "./product-actions";
import {
  categoriesOf,
  filterProducts,
  NO_FILTERS,
  productCounts,
  type AdminProduct,
  type ProductFilters,
} from "./products-admin";
import { inputClass, smallButton } from "./products-ui";

function Switch({
  on,
  label,
  onToggle,
  disabled,
}: {
  on: boolean;
  label: string;
  onToggle(): void;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={label}
      disabled={disabled}
      onClick={onToggle}
      className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition disabled:opacity-60 ${on ? "bg-emerald-600" : "bg-cream-300"}`}
    >
      <span
        className={`inline-block size-5 rounded-full bg-white shadow transition ${on ? "translate-x-5" : "translate-x-0.5"}`}
      />
    </button>
  );
}

export default function ProductsScreen(_props: ScreenProps) {
  const [products, setProducts] = useState<AdminProduct[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [filters, setFilters] = useState<ProductFilters>(NO_FILTERS);
  const [pendingHome, setPendingHome] = useState<string | null>(null);

  useEffect(() => {
    adminGet<AdminProduct[]>("/v2/admin/allproducts?limit=0&offset=0&status=all")
      .then(setProducts)
      .catch((error: unknown) => {
        console.error("Loading the products failed", error);
        setFailed(true);
      });
  }, []);

  const counts = useMemo(() => productCounts(products ?? []), [products]);
  const categories = useMemo(() => categoriesOf(products ?? []), [products]);
  const shown = useMemo(() => filterProducts(products ?? [], filters), [products, filters]);

  const patch = (id: string, change: Partial<AdminProduct>) =>
    setProducts((list) => (list ? list.map((p) => (p.id === id ? { ...p, ...change } : p)) : list));

  async function onHome(product: AdminProduct) {
    setPendingHome(product.id);
    const listed = await toggleHome(product.id);
    setPendingHome(null);
    if (listed !== null) patch(product.id, { onHome: listed });
  }

  if (failed)
    return (
      <p className="text-ink-700">
        The products could not be loaded. Reload the page to try again.
      </p>
    );
  if (!products) return <Spinner label="Loading products" showLabel />;

  return (
    <section className="space-y-6" aria-labelledby="products-title">
      <h1 id="products-title" className="text-3xl text-ink-900">
        All Products
      </h1>
      <dl className="grid gap-3 sm:grid-cols-3" data-product-counts>
        {[
          ["Total Products", counts.count, "total"],
          ["Active", counts.active, "active"],
          ["Out of Stock", counts.outOfStock, "out-of-stock"],
        ].map(([label, value, key]) => (
          <div
            key={key}
            className="rounded-2xl border border-cream-300 bg-white p-4"
            data-count={key}
          >
            <dt className="text-sm text-ink-500">{label}</dt>
            <dd className="text-2xl font-semibold text-ink-900">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-3 sm:grid-cols-3" role="search">
        <label className="sr-only" htmlFor="filter-name">
          Search by name
        </label>
        <input
          id="filter-name"
          className={inputClass}
          type="search"
          placeholder="Search by name..."
          value={filters.name}
          onChange={(e) => setFilters({ ...filters, name: e.target.value })}
        />
        <label className="sr-only" htmlFor="filter-category">
          Category
        </label>
        <select
          id="filter-category"
          className={inputClass}
          value={filters.category}
          onChange={(e) => setFilters({ ...filters, category: e.target.value })}
        >
          <option value="">All Categories</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
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
          value={filters.status}
          onChange={(e) =>
            setFilters({ ...filters, status: e.target.value as ProductStatus | "all" })
          }
        >
          <option value="all">All Statuses</option>
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
        </select>
      </div>
      {shown.length === 0 ? (
        <p className="text-ink-700">No products found matching your filters.</p>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-cream-300 bg-white">
          <table className="min-w-full divide-y divide-cream-200 text-sm">
            <thead className="bg-cream-100 text-left text-ink-700">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Product
                </th>
                <th scope="col" className="px-3 py-2">
                  Category
                </th>
                <th scope="col" className="px-3 py-2">
                  Price
                </th>
                <th scope="col" className="px-3 py-2">
                  Active
                </th>
                <th scope="col" className="px-3 py-2">
                  Homepage
                </th>
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-cream-200">
              {shown.map((product) => {
                const image = firstImage(product);
                return (
                  <tr key={product.id} data-product-row={product.id}>
                    <td className="px-3 py-2">
                      <div className="flex items-center gap-3">
                        <img
                          src={image.url}
                          alt=""
                          width={40}
                          height={40}
                          className="size-10 rounded-lg object-cover"
                        />
                        <span className="font-medium text-ink-900">{product.name}</span>
                      </div>
                    </td>
                    <td className="px-3 py-2 text-ink-700">
                      {product.category ? categoryLabel(product.category) : "-"}
                    </td>
                    <td className="px-3 py-2 text-ink-900">{formatInr(product.price)}</td>
                    <td className="px-3 py-2">
                      <Switch
                        on={product.status === "active"}
                        label={`Active: ${product.name}`}
                        onToggle={() =>
                          void switchStatus(product.id, product.status, (status) =>
                            patch(product.id, { status }),
                          )
                        }
                      />
                    </td>
                    <td className="px-3 py-2">
                      <Switch
                        on={product.onHome}
                        label={`Homepage: ${product.name}`}
                        disabled={pendingHome === product.id}
                        onToggle={() => void onHome(product)}
                      />
                    </td>
                    <td className="px-3 py-2 text-right">
                      <button
                        type="button"
                        className={smallButton}
                        onClick={() =>
                          navigate(`/admin/product/${encodeURIComponent(product.id)}`, product)
                        }
                      >
                        View and Edit
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
