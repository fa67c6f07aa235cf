/**
 * View and Edit (/admin/product/{id}, docs/product.md §2): the product handed over by the list, or loaded
 * from the server when the page is opened directly or reloaded (GET /v2/admin/product/{id}).
 * View mode, then Edit: Save (PUT /v2/products/{id}; 'Product Updated' / 'Error' - 'Product not
 * Updated') or Cancel, which restores the original values.
 */
import { useStore } from "@nanostores/react";
import { useState } from "react";
import { showToast } from "~/components/ui/toast-store";
import type { ScreenProps } from "~/features/admin/shell/AdminApp";
import { $adminHandoff } from "~/features/admin/shell/admin-router";
import ScreenState from "~/features/admin/shell/ScreenState";
import { useScreenData } from "~/features/admin/shell/use-screen-data";
import { loadCategoryOptions, type CategoryOption } from "./product-categories";
import { PRODUCT_TEXTS, toFormValues, type ProductFormValues } from "./product-form";
import type { AdminProduct } from "./products-admin";
import { fetchAdminProduct, updateProduct } from "./products-client";
import ProductForm, { type FormMode } from "./ProductForm";
import ProductProofSkip from "~/features/admin/proofs/ProductProofSkip";
import ProductStockPanel from "~/features/admin/stock/ProductStockPanel";

interface Loaded {
  product: AdminProduct;
  categories: CategoryOption[];
}

function handed(handoff: unknown, id: string | undefined): AdminProduct | null {
  const product = handoff as AdminProduct | undefined;
  return product &&
    typeof product === "object" &&
    product.id === id &&
    Array.isArray(product.images)
    ? product
    : null;
}

export default function ProductScreen({ id = "" }: ScreenProps) {
  const handoff = useStore($adminHandoff);
  const [initial] = useState(() => handed(handoff, id));
  // The product (handed over by the list, else from the server) and the form's category choices.
  const data = useScreenData<Loaded>(
    async (signal) => {
      const [product, categories] = await Promise.all([
        initial ?? fetchAdminProduct(id, signal),
        loadCategoryOptions(signal),
      ]);
      return { product, categories };
    },
    [id],
  );
  const [mode, setMode] = useState<FormMode>("view");

  async function save(values: ProductFormValues): Promise<void> {
    if (data.state !== "found") return;
    try {
      const product = await updateProduct(data.data.product.id, values);
      showToast({ type: "success", ...PRODUCT_TEXTS.updated });
      data.update((loaded) => ({ ...loaded, product: { ...loaded.product, ...product } }));
      setMode("view");
    } catch (error) {
      showToast({ type: "error", ...PRODUCT_TEXTS.updateFailed });
      throw error;
    }
  }

  return (
    <ScreenState
      data={data}
      loading={PRODUCT_TEXTS.loading}
      missing={PRODUCT_TEXTS.notFound}
      failed={PRODUCT_TEXTS.loadFailed.title}
    >
      {({ product, categories }) => (
        <section className="space-y-6" aria-labelledby="product-title">
          <div className="flex flex-wrap items-baseline justify-between gap-3">
            <h1 id="product-title" className="text-3xl text-ink-900">
              {product.name}
            </h1>
            <span className="text-sm text-ink-500">{mode === "view" ? "View" : "Edit"}</span>
          </div>
          <ProductForm
            key={product.updatedAt}
            initial={toFormValues(product)}
            categories={categories}
            mode={mode}
            onSave={save}
            onEdit={() => setMode("edit")}
            onCancel={() => setMode("view")}
          />
          <ProductProofSkip productId={product.id} />
          <ProductStockPanel productId={product.id} />
        </section>
      )}
    </ScreenState>
  );
}
