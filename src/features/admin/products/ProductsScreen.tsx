/**
 * All Products (/admin/my-products, docs/product.md §2): counts (total, active, out of stock = not active),
 * filters (name, category, status, stock), and per product the active switch, the homepage toggle and
 * 'View and Edit', which opens /admin/product/{id} handing the product over.
 */
import { useStore } from "@nanostores/react";
import { useEffect, useRef, useState } from "react";
import { formatInr } from "~/lib/money";
import { categoryLabel, firstImage, type ProductStatus } from "~/features/catalogue/catalogue";
import Pager from "~/features/admin/shell/Pager";
import { pageSpan } from "~/features/admin/shell/ListScreen";
import type { ScreenProps } from "~/features/admin/shell/AdminApp";
import { $adminSearch, navigate, setSearch } from "~/features/admin/shell/admin-router";
import ScreenState from "~/features/admin/shell/ScreenState";
import { useScreenData } from "~/features/admin/shell/use-screen-data";
import { switchStatus, toggleHome } from "./product-actions";
import { loadCategoryOptions, type CategoryOption } from "./product-categories";
import {
  PRODUCTS_PAGE_SIZE,
  productsRequests,
  productsSearch,
  productsTotal,
  readProductsView,
  type AdminProduct,
  type ProductCounts,
  type ProductsView,
} from "./products-admin";
import { fetchProductsPage } from "./products-client";
import ProductsFilters from "./ProductsFilters";
import { smallButton } from "./products-ui";
import Switch from "./Switch";

/** How long typing rests before the search is asked for. */
const TYPING_PAUSE_MS = 250;

export default function ProductsScreen(_props: ScreenProps) {
  const search = useStore($adminSearch);
  const view = readProductsView(search);
  const data = useScreenData(
    (signal) => fetchProductsPage(view, signal),
    [productsRequests(view).page],
  );
  const [categories, setCategories] = useState<CategoryOption[]>([]);
  const [pendingHome, setPendingHome] = useState<string | null>(null);
  // The search box shows what is typed at once; the address follows after a pause.
  const [typed, setTyped] = useState(view.q);
  const written = useRef(search);
  useEffect(() => {
    if (search === written.current) return;
    written.current = search;
    setTyped(readProductsView(search).q);
  }, [search]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: waits for the typing to rest
  useEffect(() => {
    if (typed.trim() === view.q.trim()) return;
    const timer = setTimeout(() => {
      written.current = productsSearch({ ...view, q: typed, page: 0 });
      setSearch(written.current);
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  useEffect(() => {
    // The filter's choices; without them the list still works (the select offers "All").
    loadCategoryOptions().then(setCategories, (error: unknown) =>
      console.warn("[admin] the category filter could not be filled", error),
    );
  }, []);

  const go = (next: ProductsView) => {
    written.current = productsSearch(next);
    setSearch(written.current, { push: true });
  };
  const patch = (id: string, change: Partial<AdminProduct>) =>
    data.update((page) => ({
      ...page,
      products: page.products.map((p) => (p.id === id ? { ...p, ...change } : p)),
    }));
  const moveCount = (to: ProductStatus) =>
    data.update((page) => {
      const step = to === "active" ? 1 : -1;
      const counts: ProductCounts = {
        count: page.counts.count,
        active: page.counts.active + step,
        outOfStock: page.counts.outOfStock - step,
      };
      return { ...page, counts };
    });

  async function onHome(product: AdminProduct) {
    setPendingHome(product.id);
    const listed = await toggleHome(product.id);
    setPendingHome(null);
    if (listed !== null) patch(product.id, { onHome: listed });
  }

  return (
    <section className="space-y-6" aria-labelledby="products-title">
      <h1 id="products-title" className="text-3xl text-ink-900">
        All Products
      </h1>
      <ScreenState data={data} loading="Loading products" failed="Failed to load products">
        {({ products, counts }) => {
          const total = productsTotal(view, counts);
          const from = products.length ? view.page * PRODUCTS_PAGE_SIZE + 1 : 0;
          return (
            <div
              className={`space-y-6 ${data.refreshing ? "opacity-70" : ""}`}
              aria-busy={data.refreshing}
            >
              <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-product-counts>
                {[
                  ["Total Products", counts.count, "total"],
                  ["Active", counts.active, "active"],
                  ["Out of Stock", counts.outOfStock, "out-of-stock"],
                  ["Sold Out", counts.soldOut ?? 0, "sold-out"],
                ].map(([label, value, key]) => (
                  <div
                    key={key}
                    className="rounded-2xl border border-cream-300 bg-white p-3 sm:p-4"
                    data-count={key}
                  >
                    <dt className="text-xs text-ink-500 sm:text-sm">{label}</dt>
                    <dd className="text-2xl font-semibold text-ink-900">{value}</dd>
                  </div>
                ))}
              </dl>
              <ProductsFilters
                view={view}
                typed={typed}
                onType={setTyped}
                categories={categories}
                go={go}
              />
              {products.length === 0 ? (
                <p className="text-ink-700">No products found matching your filters.</p>
              ) : (
                <section
                  className="relative overflow-x-auto rounded-2xl border border-cream-300 bg-white"
                  aria-label="Products"
                  // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus so a keyboard can scroll it
                  tabIndex={0}
                >
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
                          Stock
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
                      {products.map((product) => {
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
                            <td className="px-3 py-2 text-ink-700">{product.stock ?? "-"}</td>
                            <td className="px-3 py-2">
                              <Switch
                                on={product.status === "active"}
                                label={`Active: ${product.name}`}
                                onToggle={() =>
                                  void switchStatus(product.id, product.status, (status) => {
                                    patch(product.id, { status });
                                    moveCount(status);
                                  })
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
                                  navigate(
                                    `/admin/product/${encodeURIComponent(product.id)}`,
                                    product,
                                  )
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
                </section>
              )}
              <Pager
                {...pageSpan(view.page, PRODUCTS_PAGE_SIZE, products.length, total)}
                from={from}
                label="Pages of products"
                onPage={(page) => go({ ...view, page })}
              />
            </div>
          );
        }}
      </ScreenState>
    </section>
  );
}
