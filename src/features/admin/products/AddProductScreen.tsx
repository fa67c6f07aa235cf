/**
 * Add Product (/admin/add-product, SPEC §2, §5): the product form in add mode; POST /v2/products,
 * then 'Successful' - 'Product added successfully!' and the list, or 'Error' - 'Product failed to
 * add!' with the server's reason under the form (a duplicate sku says so).
 */
import { useEffect, useState } from "react";
import Spinner from "../../../components/ui/Spinner";
import { showToast } from "../../../components/ui/toast-store";
import { adminPost } from "../shell/admin-api";
import type { ScreenProps } from "../shell/AdminApp";
import { navigate } from "../shell/admin-router";
import { loadCategoryOptions, type CategoryOption } from "./product-categories";
import { emptyProduct, PRODUCT_TEXTS, type ProductFormValues } from "./product-form";
import ProductForm from "./ProductForm";

export default function AddProductScreen(_props: ScreenProps) {
  const [categories, setCategories] = useState<CategoryOption[] | null>(null);
  const [initial] = useState(() => emptyProduct());

  useEffect(() => {
    loadCategoryOptions()
      .then(setCategories)
      .catch((error: unknown) => {
        console.error("Loading the categories failed", error);
        setCategories([]);
      });
  }, []);

  async function save(values: ProductFormValues): Promise<void> {
    try {
      await adminPost("/v2/products", values);
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
      {categories ? (
        <ProductForm initial={initial} categories={categories} mode="add" onSave={save} />
      ) : (
        <Spinner label="Loading" />
      )}
    </section>
  );
}
