/**
 * Add Product (/admin/add-product, docs/product.md §2, §5): the product form in add mode; POST /v2/products,
 * then 'Successful' - 'Product added successfully!' and the list, or 'Error' - 'Product failed to
 * add!' with the server's reason under the form (a duplicate sku says so).
 */
import { useState } from "react";
import { showToast } from "~/components/ui/toast-store";
import type { ScreenProps } from "~/features/admin/shell/AdminApp";
import { navigate } from "~/features/admin/shell/admin-router";
import ScreenState from "~/features/admin/shell/ScreenState";
import { useScreenData } from "~/features/admin/shell/use-screen-data";
import { loadCategoryOptions } from "./product-categories";
import { emptyProduct, PRODUCT_TEXTS, type ProductFormValues } from "./product-form";
import { createProduct } from "./products-client";
import ProductForm from "./ProductForm";

export default function AddProductScreen(_props: ScreenProps) {
  const categories = useScreenData((signal) => loadCategoryOptions(signal), []);
  const [initial] = useState(() => emptyProduct());

  async function save(values: ProductFormValues): Promise<void> {
    try {
      await createProduct(values);
      showToast({ type: "success", ...PRODUCT_TEXTS.added });
      navigate("/admin/my-products");
    } catch (error) {
      showToast({ type: "error", ...PRODUCT_TEXTS.addFailed });
      throw error;
    }
  }

  return (
    <section className="space-y-6" aria-labelledby="add-product-title">
      <h1 id="add-product-title" className="text-3xl text-ink-900">
        Add Product
      </h1>
      <ScreenState data={categories} loading="Loading" failed="The categories could not be loaded">
        {(options) => (
          <ProductForm initial={initial} categories={options} mode="add" onSave={save} />
        )}
      </ScreenState>
    </section>
  );
}
