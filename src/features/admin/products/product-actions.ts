/**
 * The list's two switches (SPEC §4): the active switch (optimistic, reverted with a toast when
 * the server refuses) and the homepage toggle (the answer 'removed' means removed, anything else
 * added; at the limit the toast 'Error' - 'max 8 products can be added!' and a reload of
 * /admin/my-products after 3 s).
 */
import { showToast } from "../../../components/ui/toast-store";
import { ApiError } from "../../../lib/api-client";
import type { ProductStatus } from "../../catalogue/catalogue";
import { adminPatch } from "../shell/admin-api";
import { HOME_LIMIT_RELOAD_MS, PRODUCT_TEXTS } from "./product-form";
import { HOME_LIMIT_CODE } from "../../catalogue/catalogue";

function errorText(error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : "Please try again";
}

/** Sets the status at once through `apply`, then asks the server; puts it back when refused. */
export async function switchStatus(
  id: string,
  from: ProductStatus,
  apply: (status: ProductStatus) => void,
): Promise<void> {
  const to: ProductStatus = from === "active" ? "inactive" : "active";
  apply(to);
  try {
    await adminPatch(`/v2/products/${encodeURIComponent(id)}?status=${to}`);
  } catch (error) {
    apply(from);
    showToast({ type: "error", title: "Error", message: errorText(error) });
  }
}

/** Toggles the homepage listing; answers the new state, or null when refused. */
export async function toggleHome(id: string): Promise<boolean | null> {
  try {
    const answer = await adminPatch<string>(`/v2/home-products/${encodeURIComponent(id)}`);
    return answer !== "removed";
  } catch (error) {
    if (error instanceof ApiError && error.code === HOME_LIMIT_CODE) {
      showToast({ type: "error", ...PRODUCT_TEXTS.homeLimit });
      setTimeout(() => window.location.assign("/admin/my-products"), HOME_LIMIT_RELOAD_MS);
    } else {
      showToast({ type: "error", title: "Error", message: errorText(error) });
    }
    return null;
  }
}
