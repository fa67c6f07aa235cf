/**
 * The merge prompt of docs/product.md §2/§4: 'Merge Your Cart?' over the app when, at sign-in, both the guest
 * cart and the account cart have lines. 'Merge Carts' sums the guest lines into the account cart;
 * 'Keep Account Cart' discards the guest cart. Escape closes it without a choice: both carts stay
 * as they are (the account cart is shown) and the prompt comes back on the next page.
 *
 * A modal <dialog role="alertdialog">: the page behind is inert, focus starts on 'Merge Carts'.
 * Opened through the shared modal-history.ts: page scrolling is locked while it shows, and the
 * browser's Back action closes it like Escape. A click on the backdrop does nothing (an alert).
 */
import { useStore } from "@nanostores/react";
import { useRef, useState } from "react";
import { useModal } from "~/components/ui/use-modal";
import { CART_TEXTS } from "./cart";
import { $mergePrompt, resolveMerge } from "./cart-store";

export default function MergeCartModal() {
  const prompt = useStore($mergePrompt);
  const mergeRef = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);

  // A choice made (prompt gone) goes back in history, which closes the dialog.
  const { dialogRef, requestClose } = useModal(
    Boolean(prompt),
    () => {
      // Closed without a choice (Escape, Back): both carts stay, the prompt comes back later.
      if ($mergePrompt.get()) void resolveMerge("later");
    },
    { closeOnBackdrop: false, onOpen: () => mergeRef.current?.focus() },
  );

  async function choose(choice: "merge" | "keep") {
    setBusy(true);
    try {
      await resolveMerge(choice);
    } finally {
      setBusy(false);
    }
  }

  function onClose() {
    // Closed by the browser itself (e.g. a repeated Escape): drop the history entry too, then as 'later'.
    requestClose();
  }

  return (
    <dialog
      ref={dialogRef}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="merge-cart-title"
      aria-describedby="merge-cart-text"
      className="w-[28rem] rounded-2xl bg-cream-50 p-6 text-ink-900 shadow-2xl"
      onClose={onClose}
    >
      <h2 id="merge-cart-title" className="text-2xl">
        {CART_TEXTS.mergeTitle}
      </h2>
      <p id="merge-cart-text" className="mt-3 text-ink-700">
        {CART_TEXTS.mergeBody}
      </p>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button
          type="button"
          disabled={busy}
          onClick={() => void choose("keep")}
          className="rounded-full border border-ink-300 px-5 py-2.5 font-medium text-ink-900 hover:bg-cream-200 disabled:opacity-50"
        >
          {CART_TEXTS.keepAccount}
        </button>
        <button
          ref={mergeRef}
          type="button"
          disabled={busy}
          onClick={() => void choose("merge")}
          className="rounded-full bg-resin-700 px-5 py-2.5 font-medium text-cream-50 hover:bg-resin-900 disabled:opacity-50"
        >
          {CART_TEXTS.mergeCarts}
        </button>
      </div>
    </dialog>
  );
}
