/**
 * Mounts the custom-order inquiry modal (InquiryModal.tsx, docs/product.md §4 "Custom order")
 * outside an island: src/components/site/inquiry-launcher.ts imports this module on the first
 * click, and it renders the modal into its own element under <body>.
 */
import { useStore } from "@nanostores/react";
import { atom } from "nanostores";
import { createRoot, type Root } from "react-dom/client";
import InquiryModal from "./InquiryModal";
import type { InquiryUser } from "./inquiry-modal-form";

const $state = atom<{
  open: boolean;
  user: InquiryUser | null;
  productType?: string;
  about?: string;
}>({
  open: false,
  user: null,
});

function Host() {
  const state = useStore($state);
  return (
    <InquiryModal
      open={state.open}
      user={state.user}
      productType={state.productType}
      about={state.about}
      onClose={() => $state.set({ ...$state.get(), open: false })}
      onReopen={() => $state.set({ ...$state.get(), open: true })}
    />
  );
}

let root: Root | null = null;

/**
 * Opens the inquiry modal, mounting it (once per page) into its own element under <body>;
 * `productType` preselects the product type; `about` starts the description (a sold-out piece).
 */
export function openInquiryModal(
  user?: InquiryUser | null,
  productType?: string,
  about?: string,
): void {
  if (!root) {
    const container = document.createElement("div");
    container.dataset.inquiryRoot = "";
    document.body.append(container);
    root = createRoot(container);
    root.render(<Host />);
  }
  $state.set({ open: true, user: user ?? null, productType, about });
}
