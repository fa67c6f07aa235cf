/**
 * The list's two switches (docs/product.md §4): the active switch (optimistic, reverted with a toast when
 * the server refuses) and the homepage toggle (the answer 'removed' means removed, anything else
 * added; at the limit the toast 'Error' - 'max 8 products can be added!' and a reload of
 * /admin/my-products after 3 s).
 */
import { showToast } from "~/components/ui/toast-store";
import { ApiError } from "~/lib/api-client";
import type { ProductStatus } from "~/features/catalogue/catalogue";
import { showPortalError } from "~/features/admin/shell/portal-errors";
import { HOME_LIMIT_CODE } from "~/features/catalogue/catalogue";
import { HOME_LIMIT_RELOAD_MS, PRODUCT_TEXTS } from "./product-form";
import { saveProductStatus, toggleHomeProduct } from "./products-client";

/** Sets the status at once through `apply`, then asks the server; puts it back when refused. */
export async function switchStatus(
  id: string,
  from: ProductStatus,
  apply: (status: ProductStatus) => void,
): Promise<void> {
  const to: ProductStatus = from === "active" ? "inactive" : "active";
  apply(to);
  try {
    await saveProductStatus(id, to);
  } catch (error) {
    apply(from);
    showPortalError(error);
  }
}

/** Toggles the homepage listing; answers the new state, or null when refused. */
export async function toggleHome(id: string): Promise<boolean | null> {
  try {
    const answer = await toggleHomeProduct(id);
    return answer !== "removed";
  } catch (error) {
    if (error instanceof ApiError && error.code === HOME_LIMIT_CODE) {
      showToast({ type: "error", ...PRODUCT_TEXTS.homeLimit });
      setTimeout(() => window.location.assign("/admin/my-products"), HOME_LIMIT_RELOAD_MS);
    } else {
      showPortalError(error);
    }
    return null;
  }
}
