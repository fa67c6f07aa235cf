/**
 * View and Edit (/admin/product/{id}, SPEC §2): the product handed over by the list, or loaded
 * from the server when the page is opened directly or reloaded (GET /v2/admin/product/{id}).
 * View mode, then Edit: Save (PUT /v2/products/{id}; 'Product Updated' / 'Error' - 'Product not
 * Updated') or Cancel, which restores the original values.
 */
import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import Spinner from "../../../components/ui/Spinner";
import { showToast } from "../../../components/ui/toast-store";
import { ApiError } from "../../../lib/api-client";
import { adminGet, adminPut } from "../shell/admin-api";
import type { ScreenProps } from "../shell/AdminApp";
import { $adminHandoff } from "../shell/admin-router";
import { loadCategoryOptions, type CategoryOption } from "./product-categories";
import { PRODUCT_TEXTS, toFormValues, type ProductFormValues } from "./product-form";
import type { AdminProduct } from "./products-admin";
import ProductForm, { type FormMode } from "./ProductForm";

type Load =
  | { state: "loading" }
  | { state: "missing" }
  | { state: "failed" }
  | { state: "found"; product: AdminProduct };

function handed(handoff: unknown, id: string | undefined): AdminProduct | null {
  const product = handoff as AdminProduct | undefined;
  return product &&
    typeof product === "object" &&
    product.id === id &&
    Array.isArray(product.images)
    ? product
    : null;
}

export default function ProductScreen({ id }: ScreenProps) {
  const handoff = useStore($adminHandoff);
  const [load, setLoad] = useState<Load>(() => {
    const product = handed(handoff, id);
    return product ? { state: "found", product } : { state: "loading" };
  });
  const [categories, setCategories] = useState<CategoryOption[]>([]);
  const [mode, setMode] = useState<FormMode>("view");

  // biome-ignore lint/correctness/useExhaustiveDependencies: load once per id (the screen remounts per path)
  useEffect(() => {
    loadCategoryOptions().then(setCategories, (error: unknown) =>
      console.error("Loading the categories failed", error),
    );
    if (load.state !== "loading" || !id) return;
    adminGet<AdminProduct>(`/v2/admin/product/${encodeURIComponent(id)}`)
      .then((product) => setLoad({ state: "found", product }))
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return setLoad({ state: "missing" });
        showToast({ type: "error", ...PRODUCT_TEXTS.loadFailed });
        setLoad({ state: "failed" });
      });
  }, [id]);

  async function save(values: ProductFormValues): Promise<void> {
    if (load.state !== "found") return;
    try {
      const product = await adminPut<AdminProduct>(
        `/v2/products/${encodeURIComponent(load.product.id)}`,
        values,
      );
      showToast({ type: "success", ...PRODUCT_TEXTS.updated });
      setLoad({ state: "found", product: { ...load.product, ...product } });
      setMode("view");
    } catch (error) {
      showToast({ type: "error", ...PRODUCT_TEXTS.updateFailed });
      throw error;
    }
  }

  if (load.state === "loading") return <Spinner label={PRODUCT_TEXTS.loading} showLabel />;
  if (load.state === "missing") return <p className="text-ink-700">{PRODUCT_TEXTS.notFound}</p>;
  if (load.state === "failed")
    return <p className="text-ink-700">{PRODUCT_TEXTS.loadFailed.title}</p>;

  return (
    <section className="space-y-6" aria-labelledby="product-title">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 id="product-title" className="text-3xl text-ink-900">
          {load.product.name}
        </h1>
        <span className="text-sm text-ink-500">{mode === "view" ? "View" : "Edit"}</span>
      </div>
      <ProductForm
        key={load.product.updatedAt}
        initial={toFormValues(load.product)}
        categories={categories}
        mode={mode}
        onSave={save}
        onEdit={() => setMode("edit")}
        onCancel={() => setMode("view")}
      />
    </section>
  );
}
