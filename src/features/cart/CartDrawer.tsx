/**
 * The cart drawer (docs/product.md §2 Cart drawer): a modal <dialog> that slides in from the right on wide
 * screens and up from the bottom on narrow ones, over the dimmed backdrop of global.css.
 *
 * Accessible dialog: showModal() makes the page behind inert and moves focus to the close button;
 * Escape (or a click on the backdrop, or the close button, or the browser's Back action) closes it,
 * and focus goes back to what had it before (the nav's cart button). Escape closes an open note
 * first. Opening, scroll lock and Back-to-close are the shared modal-history.ts behaviour.
 * "Clear cart" asks first (docs/product.md §2 Cart drawer): nothing is removed until "Remove all".
 * Opened and closed through $cartOpen (openCart(), or a window `cart:open` event).
 */
import { useStore } from "@nanostores/react";
import { useEffect, useRef, useState, type MouseEvent } from "react";
import { useModal } from "~/components/ui/use-modal";
import { formatInr } from "~/lib/money";
import { CART_TEXTS, type CartLine } from "./cart";
import { changeQuantityAndNotify, clearCartAndNotify, removeLineAndNotify } from "./cart-actions";
import { $cartItems, $cartLoading, $cartOpen, $cartSubtotal, closeCart } from "./cart-store";
import KeptAfterOrderNote from "./KeptAfterOrderNote";
import CartLineRow from "./CartLineRow";
import { CLOSE, ICON_BUTTON, Icon, REFRESH } from "./cart-icons";

const TITLE_ID = "cart-drawer-title";

const PANEL = [
  "fixed m-0 p-0 border-0 bg-cream-50 text-ink-900 shadow-2xl overflow-hidden animate-none",
  // narrow screens: a bottom sheet
  "inset-x-0 top-auto bottom-0 w-full max-w-none h-auto max-h-[85dvh] rounded-t-2xl",
  // wide screens: a panel on the right
  "md:inset-y-0 md:left-auto md:right-0 md:top-0 md:h-dvh md:max-h-none md:w-[26rem] md:rounded-none",
  // slide in and out
  "transition-[translate,overlay,display] transition-discrete duration-300 ease-out motion-reduce:transition-none",
  "translate-y-full md:translate-y-0 md:translate-x-full",
  // open: no translate at all (not even 0), so the dialog is no containing block for fixed children
  // and the toaster moved into it stays at the top centre of the viewport (Toaster.astro)
  "open:translate-none",
  "starting:open:translate-y-full md:starting:open:translate-y-0 md:starting:open:translate-x-full",
].join(" ");

function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

export default function CartDrawer() {
  const mounted = useMounted();
  const open = useStore($cartOpen);
  const items = useStore($cartItems);
  const subtotal = useStore($cartSubtotal);
  const loading = useStore($cartLoading);
  const returnFocus = useRef<HTMLElement | null>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  /** Where to go once the drawer's history entry is gone (the Checkout link). */
  const afterClose = useRef<(() => void) | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [noteOpen, setNoteOpen] = useState<string | null>(null);
  const noteOpenRef = useRef(noteOpen);
  noteOpenRef.current = noteOpen;
  const [confirming, setConfirming] = useState(false);
  const confirmingRef = useRef(confirming);
  confirmingRef.current = confirming;

  // Closing the store (open false) goes back in history; the popstate closes the dialog.
  const modal = useModal(open, onClosed, {
    ready: mounted,
    beforeOpen: () => {
      returnFocus.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    // React's autoFocus does not reach a dialog opened later.
    onOpen: () => closeRef.current?.focus(),
    // Escape closes the clear question or an open note first, then the drawer.
    onEscape: () => {
      if (confirmingRef.current) {
        setConfirming(false);
        return true;
      }
      if (!noteOpenRef.current) return false;
      setNoteOpen(null);
      return true;
    },
  });

  /** However the drawer closed (Back, Escape, backdrop, close button): keep the store and focus in step. */
  function onClosed() {
    setNoteOpen(null);
    setConfirming(false);
    if ($cartOpen.get()) closeCart();
    const target = returnFocus.current;
    returnFocus.current = null;
    if (target?.isConnected) target.focus();
    const next = afterClose.current;
    afterClose.current = null;
    next?.();
  }

  function onDialogClose() {
    // Closed by the browser itself rather than through modal-history: drop our history entry too.
    modal.requestClose();
  }

  function goToCheckout(event: MouseEvent<HTMLAnchorElement>) {
    // Leave through the drawer's history entry, so Back from /checkout comes straight back here.
    if (
      !modal.isOpen() ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    event.preventDefault();
    const href = event.currentTarget.href;
    afterClose.current = () => window.location.assign(href);
    closeCart();
  }

  async function remove(line: CartLine) {
    setBusy(line.id);
    try {
      await removeLineAndNotify(line);
    } finally {
      setBusy(null);
    }
  }

  async function quantity(line: CartLine, next: number) {
    setBusy(line.id);
    try {
      await changeQuantityAndNotify(line, next);
    } finally {
      setBusy(null);
    }
  }

  async function clear() {
    setConfirming(false);
    setBusy("clear");
    try {
      await clearCartAndNotify();
    } finally {
      setBusy(null);
    }
  }

  if (!mounted) return null;

  const empty = items.length === 0;
  return (
    <dialog
      ref={modal.dialogRef}
      aria-labelledby={TITLE_ID}
      className={PANEL}
      onClose={onDialogClose}
    >
      <div className="flex h-full max-h-[85dvh] flex-col md:max-h-none">
        <header className="flex flex-none items-center justify-between border-b border-cream-200 px-5 py-3">
          <h2 id={TITLE_ID} className="text-2xl">
            Your Cart
          </h2>
          <div className="flex items-center gap-1">
            <button
              type="button"
              className={ICON_BUTTON}
              aria-label="Clear cart"
              title="Clear cart"
              aria-expanded={confirming}
              disabled={empty || busy !== null}
              onClick={() => setConfirming(true)}
            >
              <Icon path={REFRESH} />
            </button>
            <button
              type="button"
              className={ICON_BUTTON}
              aria-label="Close cart"
              ref={closeRef}
              onClick={closeCart}
            >
              <Icon path={CLOSE} />
            </button>
          </div>
        </header>

        {confirming && !empty && (
          <div
            role="group"
            aria-label="Clear the cart?"
            className="flex flex-none flex-wrap items-center gap-2 border-b border-cream-200 bg-cream-100 px-5 py-3"
          >
            <p className="mr-auto text-sm text-ink-700">Remove every item from your cart?</p>
            <button
              type="button"
              ref={(el) => el?.focus()}
              className="rounded-full border border-ink-900/15 bg-white px-4 py-1.5 text-sm font-medium"
              onClick={() => setConfirming(false)}
            >
              Keep items
            </button>
            <button
              type="button"
              className="rounded-full bg-red-700 px-4 py-1.5 text-sm font-medium text-white hover:bg-red-800"
              onClick={() => void clear()}
            >
              Remove all
            </button>
          </div>
        )}

        <div className="min-h-0 flex-auto overflow-y-auto px-5" aria-busy={loading || undefined}>
          <KeptAfterOrderNote empty={empty} />
          {empty ? (
            <p className="py-12 text-center text-ink-500">
              {loading ? "Loading your cart..." : CART_TEXTS.empty}
            </p>
          ) : (
            <ul className="divide-y divide-cream-200" aria-label="Cart items">
              {items.map((line) => (
                <CartLineRow
                  key={line.id}
                  line={line}
                  busy={busy === line.id || busy === "clear"}
                  noteOpen={noteOpen === line.id}
                  onToggleNote={() =>
                    setNoteOpen((current) => (current === line.id ? null : line.id))
                  }
                  onRemove={() => void remove(line)}
                  onQuantity={(next) => void quantity(line, next)}
                />
              ))}
            </ul>
          )}
        </div>

        {!empty && (
          <footer className="flex-none border-t border-cream-200 bg-cream-100 px-5 py-4">
            <div className="flex items-baseline justify-between">
              <span className="text-ink-700">Subtotal</span>
              <span className="text-lg font-semibold tabular-nums" data-testid="cart-subtotal">
                {formatInr(subtotal)}
              </span>
            </div>
            <a
              href="/checkout"
              onClick={goToCheckout}
              className="mt-3 flex w-full items-center justify-center rounded-full bg-resin-700 px-5 py-3 font-medium text-cream-50 hover:bg-resin-900"
            >
              Checkout
            </a>
          </footer>
        )}
      </div>
    </dialog>
  );
}
