/**
 * The custom-order inquiry modal's fixed parts (InquiryModal.tsx, docs/product.md §2, §4 "Custom
 * order"): the product types offered, the required fields, the prefill from a signed-in user and
 * the fields' classes.
 */
import { EMPTY_INQUIRY, type Inquiry, type InquiryForm } from "./inquiry";

export interface InquiryUser {
  name?: string;
  email?: string;
}

export const PRODUCT_TYPES = [
  "Varmala preservation",
  "Photo frame",
  "Nameplate",
  "Wall art",
  "Luggage tag",
  "Keychain",
  "Coasters or tray",
  "Clock",
  "Something else",
] as const;

export const REQUIRED = ["name", "email", "productType"] as const;

export const prefilled = (user?: InquiryUser | null, productType = ""): InquiryForm => ({
  ...EMPTY_INQUIRY,
  productType,
  name: user?.name ?? "",
  email: user?.email ?? "",
});

export const asForm = (inquiry: Inquiry): InquiryForm => ({ ...EMPTY_INQUIRY, ...inquiry });

export const inputClass =
  "block w-full rounded-xl border border-cream-300 bg-white px-4 py-3 text-sm text-ink-900 placeholder:text-ink-500 shadow-[inset_0_1px_2px_rgb(43_35_32/0.04)] transition outline-none focus:border-gold-500 focus:ring-4 focus:ring-gold-300/30 aria-[invalid=true]:border-red-400";
export const labelClass = "mb-1.5 block text-sm font-medium text-ink-700";
export const selectArrow =
  "appearance-none bg-[url('data:image/svg+xml;utf8,<svg xmlns=%22http://www.w3.org/2000/svg%22 viewBox=%220 0 24 24%22 fill=%22none%22 stroke=%22%23776a61%22 stroke-width=%222%22><path d=%22M6.5 9.5L12 15l5.5-5.5%22/></svg>')] bg-[length:1.1rem] bg-[right_0.9rem_center] bg-no-repeat pr-10";
